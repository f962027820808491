import { Writable } from 'node:stream';
import Koa from 'koa';
import pino from 'pino';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestClient } from '../../test/test-client.ts';
import type { Orm } from '../db/orm.ts';
import type { AppState } from '../http/app-state.ts';
import { closeGracefully, listen, portOf } from '../server.ts';
import { requestContext, scopeToTenant } from './request-context.ts';
import { requestLogger } from './request-logger.ts';

// An ORM that only forks: each fork records the tenant it was scoped to.
const forks: { tenantId?: string }[] = [];
const orm = {
  em: {
    fork: () => {
      const fork: {
        tenantId?: string;
        setFilterParams: (name: string, params: { tenantId: string }) => void;
      } = {
        setFilterParams: (_name, params) => {
          fork.tenantId = params.tenantId;
        },
      };
      forks.push(fork);
      return fork;
    },
  },
} as unknown as Orm;

const lines: Record<string, unknown>[] = [];
const logger = pino(
  { level: 'info' },
  new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  }),
);

const app = new Koa<AppState>();
app.use(requestContext(orm));
app.use(requestLogger(logger));
app.use(async (ctx) => {
  const auth = { userId: 'u1', tenantId: 't1', username: 'u', email: null, isAdmin: false };
  if (ctx.path === '/auth-then-em') {
    ctx.state.auth = auth;
    scopeToTenant(ctx.state, auth.tenantId);
    const first = ctx.state.em;
    ctx.body = { same: ctx.state.em === first };
  } else if (ctx.path === '/em-then-auth') {
    void ctx.state.em;
    ctx.state.auth = auth;
    scopeToTenant(ctx.state, auth.tenantId);
    ctx.body = {};
  } else if (ctx.path === '/fails') ctx.status = 503;
  else ctx.body = { ok: true };
});
const server = await listen(app as never, 0, '127.0.0.1');
const client = new TestClient(`http://127.0.0.1:${portOf(server)}`);
afterAll(() => closeGracefully(server, 1_000));
beforeEach(() => {
  forks.length = 0;
  lines.length = 0;
});

describe('the request state and its EntityManager', () => {
  it('forks no EntityManager for a request that never uses one', async () => {
    await client.get('/plain');
    expect(forks).toHaveLength(0);
  });

  it('forks one per request on first use, scoped to the tenant whether auth came before or after', async () => {
    expect((await client.get('/auth-then-em')).body).toEqual({ same: true });
    await client.get('/em-then-auth');
    expect(forks).toEqual([
      expect.objectContaining({ tenantId: 't1' }),
      expect.objectContaining({ tenantId: 't1' }),
    ]);
  });
});

describe('the request log line', () => {
  it('records the given X-Request-Id, method, path without the query, status and the user', async () => {
    await client.get('/auth-then-em?token=secret', { headers: { 'X-Request-Id': 'req-42' } });
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        requestId: 'req-42',
        method: 'GET',
        path: '/auth-then-em',
        status: 200,
        userId: 'u1',
        tenantId: 't1',
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it('makes a request id when none is given, a new one per request, and logs a 5xx as an error', async () => {
    await client.get('/plain');
    await client.get('/fails');
    const [first, second] = lines;
    expect(first?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.requestId).not.toBe(first?.requestId);
    expect(second).toMatchObject({ level: 50, status: 503 });
  });

  it('builds no line below the configured level', async () => {
    logger.level = 'warn';
    const info = vi.spyOn(logger, 'info');
    await client.get('/plain');
    logger.level = 'info';
    expect(info).not.toHaveBeenCalled();
    expect(lines).toHaveLength(0);
  });
});
