import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../../test/api-process.ts';
import { startThrowawayCluster } from '../../test/throwaway-cluster.ts';
import { loadConfig } from '../config/env.ts';
import { connectionBudget } from './connection-budget.ts';

// A server of its own with PostgreSQL's default max_connections (100, 3 of them kept for superusers):
// the shared test server's setting is not this test's to rely on or change.
const cluster = await startThrowawayCluster({ max_connections: '100' });
afterAll(() => cluster.stop());
const admin = new pg.Client({ connectionString: cluster.url() });
await admin.connect();
await admin.query('create database annie');
afterAll(() => admin.end());

const env = {
  DATABASE_URL: cluster.url('annie'),
  SESSION_SECRET: 'connection-budget-secret-0123456789abcdef',
  ANNIE_ADMIN_PASSWORD: 'connection-budget-admin',
};

/** Connections to the app's database now, and whether any backend reported running out. */
async function serverConnections(): Promise<number> {
  const { rows } = await admin.query<{ count: string }>(
    "select count(*) from pg_stat_activity where datname = 'annie'",
  );
  return Number(rows[0]?.count);
}

/** `count` requests at once, each taking a connection from the instance's request pool. */
async function flood(api: ApiProcess, count: number): Promise<number[]> {
  return Promise.all(
    Array.from({ length: count }, async () => (await fetch(`${api.baseUrl}/readyz`)).status),
  );
}

describe('connection budget', () => {
  it('counts every pool; behind a pooler the server holds only the connections that need a session', () => {
    const direct = connectionBudget(loadConfig({ DATABASE_URL: 'postgres://db/annie' }));
    expect(direct).toMatchObject({
      request: 12,
      jobHandlers: 4,
      jobQueue: 4,
      listeners: 2,
      startup: 1,
      onServer: 23,
    });
    const pooled = connectionBudget(
      loadConfig({
        DATABASE_URL: 'postgres://pgbouncer/annie',
        DATABASE_DIRECT_URL: 'postgres://db/annie',
        DB_POOL_MAX: '30',
      }),
    );
    expect(pooled).toMatchObject({ pooled: 34, direct: 8, onServer: 8 });
    expect(() => loadConfig({ DATABASE_DIRECT_URL: 'postgres://db/annie' })).toThrow(
      /DATABASE_DIRECT_URL: needs DATABASE_URL as well/,
    );
  });

  it('holds four instances with the default budget on max_connections = 100, each pool full', async () => {
    const budget = connectionBudget(loadConfig({ ...env, EXPECTED_INSTANCES: '4' }));
    expect(budget.onServer * 4).toBeLessThanOrEqual(97);
    const instances = await Promise.all(
      Array.from({ length: 4 }, () =>
        startApiProcess(['api/src/main.ts'], { ...env, EXPECTED_INSTANCES: '4' }),
      ),
    );
    let peak = 0;
    const sampling = setInterval(() => {
      void serverConnections().then((count) => {
        peak = Math.max(peak, count);
      });
    }, 50);
    try {
      const statuses = (await Promise.all(instances.map((api) => flood(api, 48)))).flat();
      peak = Math.max(peak, await serverConnections());
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
      // Every request pool was driven to its maximum at once, and the server never ran out.
      expect(peak).toBeGreaterThanOrEqual(4 * budget.request);
      expect(peak).toBeLessThanOrEqual(4 * budget.onServer);
      const logs = instances.flatMap((api) => api.logs.map((line) => JSON.stringify(line)));
      expect(logs.filter((line) => /too many clients|remaining connection slots/i.test(line))).toEqual([]);
      console.log(
        `connection budget: ${budget.onServer} per instance (request ${budget.request}, job handlers ${budget.jobHandlers}, ` +
          `pg-boss ${budget.jobQueue} + ${budget.listeners} LISTEN, start-up ${budget.startup}); peak with 4 instances flooded: ${peak} of 97`,
      );
    } finally {
      clearInterval(sampling);
      for (const api of instances) api.child.kill('SIGTERM');
      await Promise.all(instances.map((api) => api.exited));
    }
  });

  it('refuses to start when the expected instances would need more than max_connections, naming the fix', async () => {
    await expect(startApiProcess(['api/src/main.ts'], { ...env, EXPECTED_INSTANCES: '5' })).rejects.toThrow(
      /5 instance\(s\) × 23 connections = 115, but the server allows 97.*DB_POOL_MAX.*PgBouncer/s,
    );
  });

  it('refuses to start on a shared database without SESSION_SECRET, before touching it', async () => {
    await admin.query('create database annie_no_secret');
    await expect(
      startApiProcess(['api/src/main.ts'], {
        ...env,
        DATABASE_URL: cluster.url('annie_no_secret'),
        SESSION_SECRET: '',
      }),
    ).rejects.toThrow(/SESSION_SECRET is required with DATABASE_URL/);
    const untouched = new pg.Client({ connectionString: cluster.url('annie_no_secret') });
    await untouched.connect();
    const { rows } = await untouched.query(
      "select 1 from pg_tables where schemaname <> 'pg_catalog' and schemaname <> 'information_schema'",
    );
    await untouched.end();
    expect(rows).toEqual([]);
  });
});
