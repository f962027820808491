import Koa from 'koa';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { createPool } from '../../db/pool.ts';
import { createLogger } from '../../lib/logger.ts';
import { errorHandler } from '../../middleware/error-handler.ts';
import { closeGracefully, listen, portOf } from '../../server.ts';
import { sessionMiddleware } from './session-middleware.ts';
import { PostgresSessionStore } from './session-store.ts';

const TTL_MS = 60 * 60_000;
const ABSOLUTE_MS = 3 * TTL_MS;
// The product's database and users; the app under test is a bare one on its own pool.
const product = await startTestApp();
const pool = createPool(product.databaseUrl);
const store = new PostgresSessionStore(pool);
const queries = vi.spyOn(pool, 'query');
/** The session rows written (inserted or updated) since the test began. */
const writes = () =>
  queries.mock.calls.filter(([sql]) => String(sql).includes('insert into http_session')).length;

// A bare app with the session middleware and routes that use the session as the product's do.
const app = new Koa({ keys: ['session-test-key'] });
app.use(errorHandler(createLogger('silent')));
app.use(sessionMiddleware({ store, ttlMs: TTL_MS, absoluteMs: ABSOLUTE_MS, singleKey: true }));
app.use(async (ctx) => {
  if (ctx.path === '/sign-in') {
    await ctx.session?.regenerate();
    if (ctx.session) ctx.session.userId = String(ctx.query.user);
  } else if (ctx.path === '/remember' && ctx.session) ctx.session.marker = String(ctx.query.value);
  else if (ctx.path === '/remember-nested' && ctx.session) ctx.session.nested = { value: ctx.query.value };
  else if (ctx.path === '/change-nested-in-place' && ctx.session) {
    (ctx.session.nested as { value: unknown }).value = 'changed in place';
  } else if (ctx.path === '/sign-out') ctx.session = null;
  else if (ctx.path === '/sign-out-then-fail') {
    ctx.session = null;
    throw new Error('failed after ending the session');
  }
  ctx.body = { userId: ctx.session?.userId ?? null, marker: ctx.session?.marker ?? null };
});
const server = await listen(app as never, 0, '127.0.0.1');
const baseUrl = `http://127.0.0.1:${portOf(server)}`;
afterAll(async () => {
  await closeGracefully(server, 1_000);
  await pool.end();
});
beforeEach(() => {
  queries.mockClear();
});

/** A client with a new session of a new user; `user` is the user's id. */
async function signedIn(): Promise<{ client: TestClient; id: string; user: string }> {
  const user = (await product.createUser()).user.id;
  const client = new TestClient(baseUrl);
  await client.get(`/sign-in?user=${user}`);
  return { client, id: sessionIdOf(client), user };
}

function sessionIdOf(client: TestClient): string {
  return /annie\.sid=([^;]+)/.exec(client.cookieHeader)?.[1] ?? '';
}

async function row(id: string) {
  const { rows } = await pool.query<{ data: Record<string, unknown>; expires_at: Date }>(
    'select data, expires_at from http_session where id = $1',
    [id],
  );
  return rows[0];
}

describe('sessionMiddleware', () => {
  it('stores nothing and sets no cookie for a visitor whose session stays empty', async () => {
    const response = await new TestClient(baseUrl).get('/');
    expect(response.body).toEqual({ userId: null, marker: null });
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(writes()).toBe(0);
  });

  it('saves a new session once, under a fresh id in a signed cookie, with the data routes set', async () => {
    const { client, id, user } = await signedIn();
    expect(writes()).toBe(1);
    expect(id).toMatch(/^[\w-]{32}$/);
    expect(client.cookieHeader).toContain('annie.sid.sig=');
    expect((await row(id))?.data).toMatchObject({ userId: user, _maxAge: TTL_MS });
    expect((await client.get('/')).body).toEqual({ userId: user, marker: null });
  });

  it('does not write a session that a request read and left as it was', async () => {
    const { client, id, user } = await signedIn();
    const before = await row(id);
    queries.mockClear();
    for (let i = 0; i < 3; i += 1) {
      const response = await client.get('/');
      expect(response.body).toEqual({ userId: user, marker: null });
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    expect(writes()).toBe(0);
    expect((await row(id))?.expires_at).toEqual(before?.expires_at);
  });

  it('writes a session whose data a request changed, under the same id', async () => {
    const { client, id, user } = await signedIn();
    queries.mockClear();
    await client.get('/remember?value=blue');
    expect(writes()).toBe(1);
    expect(sessionIdOf(client)).toBe(id);
    expect((await row(id))?.data).toMatchObject({ userId: user, marker: 'blue' });
    expect((await client.get('/')).body).toEqual({ userId: user, marker: 'blue' });
  });

  it('saves a nested value replaced; one changed in place is refused, as stored values are frozen', async () => {
    const { client, id } = await signedIn();
    await client.get('/remember-nested?value=first');
    expect((await row(id))?.data).toMatchObject({ nested: { value: 'first' } });
    queries.mockClear();
    expect((await client.get('/change-nested-in-place')).status).toBe(500);
    expect(writes()).toBe(0);
    await client.get('/remember-nested?value=second');
    expect(writes()).toBe(1);
    expect((await row(id))?.data).toMatchObject({ nested: { value: 'second' } });
  });

  it('renews a session with less than half its lifetime left, and only then', async () => {
    const { client, id } = await signedIn();
    // Twenty minutes into an hour: not yet.
    await pool.query(
      `update http_session set data = data || jsonb_build_object('_expire', $2::bigint) where id = $1`,
      [id, Date.now() + 40 * 60_000],
    );
    queries.mockClear();
    await client.get('/');
    expect(writes()).toBe(0);
    // Forty minutes in: renewed for a full lifetime from now, cookie and row.
    await pool.query(
      `update http_session set data = data || jsonb_build_object('_expire', $2::bigint) where id = $1`,
      [id, Date.now() + 20 * 60_000],
    );
    const response = await client.get('/');
    expect(writes()).toBe(1);
    expect(response.headers.getSetCookie().join()).toContain('annie.sid=');
    expect(Number((await row(id))?.data._expire)).toBeGreaterThan(Date.now() + TTL_MS - 60_000);
  });

  it('treats a session past its _expire as none: a new one gets a new id', async () => {
    const { client, id } = await signedIn();
    await pool.query(
      `update http_session set data = data || jsonb_build_object('_expire', $2::bigint) where id = $1`,
      [id, Date.now() - 1_000],
    );
    expect((await client.get('/')).body).toEqual({ userId: null, marker: null });
    await client.get('/remember?value=green');
    expect(sessionIdOf(client)).not.toBe(id);
    expect((await row(sessionIdOf(client)))?.data).not.toHaveProperty('userId');
  });

  it('ends a session its absolute lifetime after sign-in, however recently it was renewed', async () => {
    const { client, id } = await signedIn();
    expect(Number((await row(id))?.data._began)).toBeGreaterThan(Date.now() - 60_000);
    // Renewed a minute ago (a full idle lifetime left), but signed in just over three hours ago.
    await pool.query(
      `update http_session set data = data || jsonb_build_object('_expire', $2::bigint, '_began', $3::bigint)
       where id = $1`,
      [id, Date.now() + TTL_MS - 60_000, Date.now() - ABSOLUTE_MS - 1_000],
    );
    expect((await client.get('/')).body).toEqual({ userId: null, marker: null });
  });

  it('renews a session only up to its absolute end, keeping when it began', async () => {
    const { client, id } = await signedIn();
    const began = Date.now() - ABSOLUTE_MS + 10 * 60_000;
    await pool.query(
      `update http_session set data = data || jsonb_build_object('_expire', $2::bigint, '_began', $3::bigint)
       where id = $1`,
      [id, Date.now() + 20 * 60_000, began],
    );
    await client.get('/remember?value=late');
    const renewed = await row(id);
    expect(Number(renewed?.data._began)).toBe(began);
    expect(Number(renewed?.data._expire)).toBeLessThanOrEqual(began + ABSOLUTE_MS);
    // The row's expiry is the database's now() plus the time left: allow for that clock running a little
    // ahead of this process's between the two readings (a millisecond or so on a busy machine).
    expect(renewed?.expires_at.getTime()).toBeLessThanOrEqual(began + ABSOLUTE_MS + 10_000 + 1_000);
  });

  it('gives a regenerated session a new id and deletes the old row', async () => {
    const { client, id, user } = await signedIn();
    await client.get(`/sign-in?user=${user}`);
    expect(sessionIdOf(client)).not.toBe(id);
    expect(await row(id)).toBeUndefined();
    expect((await row(sessionIdOf(client)))?.data).toMatchObject({ userId: user });
  });

  it('ends a session set to null: row deleted, cookie cleared, even when the request then fails', async () => {
    for (const path of ['/sign-out', '/sign-out-then-fail']) {
      const { client, id } = await signedIn();
      const cookie = client.cookieHeader;
      await client.get(path);
      expect(await row(id)).toBeUndefined();
      expect(client.cookieHeader).toBe('');
      const replay = await new TestClient(baseUrl).get('/', { headers: { Cookie: cookie } });
      expect(replay.body).toEqual({ userId: null, marker: null });
    }
  });
});
