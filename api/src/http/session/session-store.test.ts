import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import { createPool } from '../../db/pool.ts';
import { createLogger } from '../../lib/logger.ts';
import { LiveHub } from '../../live/live-hub.ts';
import { PostgresSessionStore, sessionChanges } from './session-store.ts';

const app = await startTestApp();
const { user } = await app.createUser();
// The store's own pool, so its queries can be counted: a cached read makes none.
const pool = createPool(app.databaseUrl);
const queries = vi.spyOn(pool, 'query');
const hub = new LiveHub(app.pool, createLogger('silent'));
afterAll(async () => {
  await hub.close();
  await pool.end();
});

/**
 * A second listener on the same hub, added after the store's: one connection delivers in order and the
 * hub calls listeners in the order they came, so once this one has heard something the store has too.
 */
function heard() {
  const seen: string[] = [];
  const waiters = new Set<() => void>();
  const push = (what: string) => {
    seen.push(what);
    for (const waiter of waiters) waiter();
  };
  return {
    listener: {
      event: (change: { sessionId: string } | { userId: string }) =>
        push('sessionId' in change ? `session ${change.sessionId}` : `user ${change.userId}`),
      lost: () => push('lost'),
      resync: () => push('resync'),
      end: () => push('end'),
    },
    until: (what: string) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!seen.includes(what)) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      }),
  };
}

async function newSession(store: PostgresSessionStore): Promise<string> {
  const key = randomBytes(12).toString('base64url');
  await store.set(key, { userId: user.id, tenantId: user.tenantId }, 60_000);
  return key;
}

/** How many queries `read` made on the store's pool. */
async function queriesFor(read: () => Promise<unknown>): Promise<number> {
  const before = queries.mock.calls.length;
  await read();
  return queries.mock.calls.length - before;
}

describe('PostgresSessionStore without the hub (tests, CLI)', () => {
  it('reads the database every time: nothing can tell it about changes', async () => {
    const store = new PostgresSessionStore(pool);
    const key = await newSession(store);
    expect(await queriesFor(() => store.get(key))).toBe(1);
    expect(await queriesFor(() => store.get(key))).toBe(1);
    await app.pool.query('delete from http_session where id = $1', [key]);
    expect(await store.get(key)).toBeUndefined();
  });
});

describe('PostgresSessionStore listening on the hub', () => {
  const store = new PostgresSessionStore(pool);
  const other = heard();
  beforeAll(async () => {
    await store.listen(hub);
    await hub.listenProcessWide(sessionChanges, other.listener);
  });

  it('serves a session from memory once read', async () => {
    const key = await newSession(store);
    expect(await store.get(key)).toMatchObject({ userId: user.id });
    expect(await queriesFor(() => store.get(key))).toBe(0);
  });

  it('forgets a session deleted by another process (logout, password change, user delete) when told', async () => {
    const key = await newSession(store);
    await store.get(key);
    // Another instance, the CLI or psql: the trigger announces it on commit.
    await app.pool.query('delete from http_session where id = $1', [key]);
    await other.until(`session ${key}`);
    expect(await store.get(key)).toBeUndefined();
  });

  it('forgets a session whose data another process changed', async () => {
    const key = await newSession(store);
    await store.get(key);
    await app.pool.query(`update http_session set data = data || '{"marker": 1}' where id = $1`, [key]);
    await other.until(`session ${key}`);
    expect(await store.get(key)).toMatchObject({ marker: 1 });
  });

  it('forgets every session of a user whose row changed (deletion, role)', async () => {
    const key = await newSession(store);
    await store.get(key);
    await app.pool.query('update app_user set is_admin = is_admin where id = $1', [user.id]);
    await other.until(`user ${user.id}`);
    expect(await queriesFor(() => store.get(key))).toBe(1);
  });

  it('bypasses the cache from the moment the LISTEN connection drops until it listens again', async () => {
    const key = await newSession(store);
    await store.get(key);
    await app.pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = 'annie-live-events' and datname = current_database()`,
    );
    await other.until('lost');
    // Changes made now would not be heard: every read goes to the database.
    expect(await queriesFor(() => store.get(key))).toBe(1);
    expect(await queriesFor(() => store.get(key))).toBe(1);
    await other.until('resync');
    await store.get(key);
    expect(await queriesFor(() => store.get(key))).toBe(0);
  });

  it('stops caching when the hub closes', async () => {
    const key = await newSession(store);
    await hub.close();
    await other.until('end');
    expect(await queriesFor(() => store.get(key))).toBe(1);
    expect(await queriesFor(() => store.get(key))).toBe(1);
  });
});
