import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { annieWith } from '../../../test/annie-cli.ts';
import { startTestApp } from '../../../test/test-app.ts';
import { modules } from '../../modules.ts';
import { eventually } from '../lab/testing/lab-test-helpers.ts';
import { enforceRetention } from './retention.queries.ts';

const app = await startTestApp();
const RETENTION_LOCK = 0x616e6e69;
const annie = annieWith({ DATABASE_URL: app.databaseUrl });

const exists = async (sql: string, values: unknown[]) =>
  ((await app.pool.query(sql, values)).rowCount ?? 0) > 0;
const userExists = (id: string) => exists('select 1 from app_user where id = $1', [id]);

describe('user:delete', () => {
  it('ends the sessions at once and refuses sign-in; the data stays for 90 days, then goes', async () => {
    const leaving = await app.createUser();
    const staying = await app.createUser();
    const leavingClient = await app.signedIn(leaving);
    const stayingClient = await app.signedIn(staying);
    expect((await leavingClient.get('/api/auth/user')).status).toBe(200);

    const deleted = annie('user:delete', '--username', leaving.username);
    expect(deleted.stderr).toBe('');
    expect(deleted.status).toBe(0);
    expect(deleted.stdout).toMatch(new RegExp(`Deleted ${leaving.username}: .* after \\d{4}-\\d{2}-\\d{2}`));

    expect(await exists('select 1 from http_session where user_id = $1', [leaving.user.id])).toBe(false);
    const login = await app
      .client()
      .post('/api/login', { username: leaving.username, password: leaving.password });
    expect(login.status).toBe(401);
    expect(login.body.message).toBe('Invalid username or password');
    expect((await stayingClient.get('/api/auth/user')).status).toBe(200);
    // The running API (another process than the CLI) lets the session go once its per-process session
    // cache forgets it (seconds): cross-process invalidation is the session cache's NOTIFY.
    await eventually(async () =>
      (await leavingClient.get('/api/auth/user')).status === 401 ? true : undefined,
    );

    await enforceRetention(app.pool, app.deps.retention);
    expect(await userExists(leaving.user.id)).toBe(true);

    await app.pool.query(
      `update app_user set deleted_at = now() - interval '89 days 23 hours' where id = $1`,
      [leaving.user.id],
    );
    await enforceRetention(app.pool, app.deps.retention);
    expect(await userExists(leaving.user.id)).toBe(true);

    await app.pool.query(
      `update app_user set deleted_at = now() - interval '90 days 1 minute' where id = $1`,
      [leaving.user.id],
    );
    const removed = await enforceRetention(app.pool, app.deps.retention);
    expect(removed).toMatchObject({
      'deleted accounts (the user and everything of theirs: sessions, Google connections)': 1,
    });
    expect(await userExists(leaving.user.id)).toBe(false);
    expect(await userExists(staying.user.id)).toBe(true);
  });

  it('names an unknown user and a missing argument', () => {
    expect(annie('user:delete', '--username', 'nobody-here').stderr).toContain('No user named nobody-here');
    const missing = annie('user:delete');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('user:delete needs --username');
  });
});

describe('retention', () => {
  it('runs the rules the owning modules declare, and lifecycle itself names none of their tables', async () => {
    const owners = Object.fromEntries(
      modules.flatMap((module) => (module.retention ?? []).map((rule) => [rule.kind, module.name])),
    );
    expect(owners).toEqual({
      'deleted accounts (the user and everything of theirs: sessions, Google connections)': 'platform',
      sessions: 'platform',
      'failed-login counters': 'platform',
      "remote load-failure reports (the shell's, per remote version)": 'remote-releases',
      'lab job history (status log, provider messages, results)': 'lab',
      'Voice Console test tickets': 'voice-profiles',
    });
    expect(app.deps.retention.map((rule) => rule.kind).sort()).toEqual(Object.keys(owners).sort());
    const folder = new URL('./', import.meta.url);
    const sources = (await readdir(folder)).filter(
      (name) => name.endsWith('.ts') && !name.includes('.test.'),
    );
    for (const name of sources) {
      const text = await readFile(new URL(name, folder), 'utf8');
      for (const table of [
        'app_user',
        'lab_job',
        'http_session',
        'login_rate_limit',
        'remote_load_error',
        'voice_test_ticket',
      ]) {
        expect(text, `${name} names ${table}`).not.toContain(table);
      }
    }
  });

  it('removes lab job history 12 months after the job finished, and nothing younger or unfinished', async () => {
    const { user } = await app.createUser();
    const insert = (status: string, age: string) =>
      app.pool
        .query<{ id: string }>(
          `insert into lab_job (id, tenant_id, created_by, type, payload, status, finished_at)
           values (gen_random_uuid(), $1, $2, 'formulate', '{}', $3,
                   case when $3 in ('succeeded', 'failed') then now() - $4::interval end) returning id`,
          [user.tenantId, user.id, status, age],
        )
        .then(({ rows }) => rows[0]?.id ?? '');
    const old = await insert('succeeded', '12 months 1 day');
    const oldFailed = await insert('failed', '13 months');
    const recent = await insert('succeeded', '11 months');
    const stuck = await insert('running', '13 months');
    await enforceRetention(app.pool, app.deps.retention);
    const left = (await app.pool.query<{ id: string }>('select id from lab_job')).rows.map((row) => row.id);
    expect(left).not.toContain(old);
    expect(left).not.toContain(oldFailed);
    expect(left).toEqual(expect.arrayContaining([recent, stuck]));
  });

  it('removes Voice Console test tickets nobody opened once their minute is over', async () => {
    const { user } = await app.createUser();
    const insert = (expiresIn: string) =>
      app.pool
        .query<{ session_id: string }>(
          `insert into voice_test_ticket (session_id, token_hash, tenant_id, user_id, origin, compiled, expires_at)
           values (gen_random_uuid(), '\\x00', $1, $2, 'http://127.0.0.1:1', '{}', now() + $3::interval)
           returning session_id`,
          [user.tenantId, user.id, expiresIn],
        )
        .then(({ rows }) => rows[0]?.session_id ?? '');
    const expired = await insert('-1 second');
    const live = await insert('50 seconds');
    await enforceRetention(app.pool, app.deps.retention);
    const left = (await app.pool.query<{ session_id: string }>('select session_id from voice_test_ticket'))
      .rows;
    expect(left.map((row) => row.session_id)).toEqual([live]);
    expect(expired).not.toBe('');
  });

  it('runs on one instance at a time: a second run while the first holds the lock does nothing', async () => {
    const { user } = await app.createUser();
    const { rows } = await app.pool.query<{ session_id: string }>(
      `insert into voice_test_ticket (session_id, token_hash, tenant_id, user_id, origin, compiled, expires_at)
       values (gen_random_uuid(), '\\x00', $1, $2, 'http://127.0.0.1:1', '{}', now() - interval '1 minute')
       returning session_id`,
      [user.tenantId, user.id],
    );
    // A row lock on the expired ticket holds the first run inside its transaction, lock taken.
    const rowHolder = await app.pool.connect();
    try {
      await rowHolder.query('begin');
      await rowHolder.query('select 1 from voice_test_ticket where session_id = $1 for update', [
        rows[0]?.session_id,
      ]);
      const first = enforceRetention(app.pool, app.deps.retention);
      await eventually(async () => {
        const held = await app.pool.query(
          `select 1 from pg_locks where locktype = 'advisory' and objid = $1 and granted`,
          [RETENTION_LOCK],
        );
        return held.rowCount ? true : undefined;
      });
      // Were the second run to go ahead too, it would wait on the same row: seen as a second waiter.
      let decided = false;
      const secondWaits = eventually(async () => {
        if (decided) return 'decided';
        const waiting = await app.pool.query(
          `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return (waiting.rowCount ?? 0) >= 2 ? 'went ahead while the first held the lock' : undefined;
      }, 60_000);
      secondWaits.catch(() => {});
      const second = await Promise.race([enforceRetention(app.pool, app.deps.retention), secondWaits]);
      decided = true;
      expect(second).toBeUndefined();
      await rowHolder.query('commit');
      expect(await first).toMatchObject({ 'Voice Console test tickets': 1 });
    } finally {
      await rowHolder.query('rollback').catch(() => {});
      rowHolder.release();
    }
  });
});
