import { route } from '@annie/contracts/route';
import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import Koa from 'koa';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorHandler } from '../middleware/error-handler.ts';
import { docOf } from '../openapi/route-doc.ts';
import type { AppState } from './app-state.ts';
import { defineRoutes, jsonText } from './define-route.ts';

const router = new Router<AppState>();
const seen: unknown[] = [];
const echo = route({
  method: 'post',
  path: '/things/:id',
  summary: 'Echo',
  access: 'anonymous',
  params: { id: z.uuid() },
  notFound: 'Thing not found',
  query: z.object({ limit: z.coerce.number().int().positive().optional() }),
  body: z.object({ name: z.string().min(1, 'Name is required') }),
  responses: {
    200: {
      description: 'The input',
      schema: z.object({ id: z.string(), limit: z.number().nullable(), name: z.string() }),
    },
  },
});
const before = async (_ctx: unknown, next: () => Promise<unknown>) => {
  seen.push('before');
  await next();
};
const mine = route({
  method: 'get',
  path: '/things/mine',
  summary: 'Mine',
  access: 'signed-in',
  responses: { 200: { description: 'x', schema: z.object({ tenant: z.string() }) } },
});
const thingSchema = z.object({ id: z.string(), count: z.number() });
const readThing = route({
  method: 'get',
  path: '/things/contract/:id',
  summary: 'A thing',
  access: 'anonymous',
  query: z.object({ as: z.enum(['object', 'text', 'drifted', 'undocumented']).default('object') }),
  responses: { 200: { description: 'The thing', schema: thingSchema } },
});
const removeThing = route({
  method: 'delete',
  path: '/things/contract/:id',
  summary: 'Remove a thing',
  access: 'anonymous',
  responses: { 204: { description: 'Removed' } },
});
/** A contracts module as `import * as` gives it: contracts, and a schema that is none. */
const things = { echo, mine, readThing, removeThing, thingSchema };

defineRoutes(router, things, {
  echo: {
    before: [before],
    handle: (_ctx, input) => {
      seen.push('handler');
      return {
        status: 200,
        body: { id: input.params.id, limit: input.query.limit ?? null, name: input.body.name },
      };
    },
  },
  mine: (_ctx, { auth }) => ({ status: 200, body: { tenant: auth.tenantId } }),
  readThing: (ctx, { query }) => {
    if (query.as === 'text') return { status: 200, body: jsonText('{"id":"from-sql","count":2}') };
    // Only a cast gets a drifted answer past the compiler; the check before it leaves still refuses it.
    if (query.as === 'drifted')
      return {
        status: 200,
        body: { id: ctx.params.id, count: 'two' } as unknown as { id: string; count: number },
      };
    if (query.as === 'undocumented')
      return { status: 201, body: { id: '', count: 0 } } as unknown as {
        status: 200;
        body: { id: string; count: number };
      };
    return { status: 200, body: { id: ctx.params.id ?? '', count: 1 } };
  },
  removeThing: () => ({ status: 204 }),
});

const ok = { status: 200, body: { id: 'x', count: 1 } } as const;
const handlers = {
  echo: () => ({ status: 200, body: { id: 'x', limit: null, name: 'x' } }) as const,
  mine: () => ({ status: 200, body: { tenant: 't' } }) as const,
  readThing: () => ok,
  removeThing: () => ({ status: 204 }) as const,
};
// Compiled, never run: each call below must fail to type-check.
export function compileOnly(): void {
  const { removeThing: _left, ...missingOne } = handlers;
  // @ts-expect-error what is not a contracts module (here a handler) does not compile in its place
  defineRoutes(new Router<AppState>(), handlers.readThing, {});
  // @ts-expect-error a contract of the module without a handler does not compile
  defineRoutes(new Router<AppState>(), things, missingOne);
  defineRoutes(new Router<AppState>(), things, {
    ...handlers,
    // @ts-expect-error a handler for no contract of the module does not compile
    removeEverything: () => ({ status: 204 }) as const,
  });
  defineRoutes(new Router<AppState>(), things, {
    ...handlers,
    // @ts-expect-error an answer the contract does not describe does not compile
    readThing: () => ({ status: 200, body: { id: 'x', count: 'one' } }),
  });
  defineRoutes(new Router<AppState>(), things, {
    ...handlers,
    // @ts-expect-error a status the contract does not list does not compile
    readThing: () => ({ status: 201, body: ok.body }),
  });
  defineRoutes(new Router<AppState>(), things, {
    ...handlers,
    // @ts-expect-error a 204 has no body
    removeThing: () => ({ status: 204, body: ok.body }),
  });
}

const app = new Koa<AppState>();
app.use(errorHandler(pino({ level: 'silent' })));
app.use(bodyParser());
app.use(router.routes());
const server = app.listen(0);
const base = `http://127.0.0.1:${(server.address() as { port: number }).port}/things`;
afterAll(() => new Promise((done) => server.close(done)));

const ID = '7d3f6c1e-2a4b-4c5d-8e9f-0a1b2c3d4e5f';
const post = (path: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('defineRoute', () => {
  it('hands the handler parsed, typed params, query and body, after the `before` middleware', async () => {
    seen.length = 0;
    const response = await post(`/${ID}?limit=5`, { name: 'Ada' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: ID, limit: 5, name: 'Ada' });
    expect(seen).toEqual(['before', 'handler']);
  });

  it('answers a param that fails its schema like a missing row, and bad query or body with a 400', async () => {
    seen.length = 0;
    const badId = await post('/not-a-uuid', { name: 'Ada' });
    expect(badId.status).toBe(404);
    expect(((await badId.json()) as { message: string }).message).toBe('Thing not found');
    const badBody = await post(`/${ID}`, { name: '' });
    expect(badBody.status).toBe(400);
    expect(((await badBody.json()) as { message: string }).message).toBe('Name is required');
    const badQuery = await post(`/${ID}?limit=-1`, { name: 'Ada' });
    expect(badQuery.status).toBe(400);
    expect(seen).not.toContain('handler');
  });

  it('guards a signed-in route before anything else runs, and documents each route once', async () => {
    const response = await fetch(`${base}/mine`);
    expect(response.status).toBe(401);
    const docs = router.stack.map((layer) => docOf(layer as Parameters<typeof docOf>[0]));
    expect(docs.map((doc) => [doc?.summary, doc?.access])).toEqual([
      ['Mine', 'signed-in'],
      ['Echo', 'anonymous'],
      ['A thing', 'anonymous'],
      ['Remove a thing', 'anonymous'],
    ]);
  });

  it('serves a contract at its full path and sends the status and body the handler returns', async () => {
    const response = await fetch(`${base}/contract/abc`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: 'abc', count: 1 });
    const text = await fetch(`${base}/contract/abc?as=text`);
    expect(text.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await text.json()).toEqual({ id: 'from-sql', count: 2 });
    const removed = await fetch(`${base}/contract/abc`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
  });

  it('refuses at run time a handler for no contract, and a missing one', () => {
    const loose = defineRoutes as (router: Router<AppState>, module: object, handlers: object) => void;
    expect(() => loose(new Router<AppState>(), { mine }, {})).toThrow('No handler for the contract mine');
    expect(() =>
      loose(new Router<AppState>(), { mine }, { mine: () => undefined, other: () => undefined }),
    ).toThrow('No contract for the handlers other');
  });

  it('refuses, outside production, an answer unlike its contract or with a status it does not list', async () => {
    const drifted = await fetch(`${base}/contract/abc?as=drifted`);
    expect(drifted.status).toBe(500);
    const undocumented = await fetch(`${base}/contract/abc?as=undocumented`);
    expect(undocumented.status).toBe(500);
  });
});
