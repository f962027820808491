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
import { defineRoute, jsonText } from './define-route.ts';

const router = new Router<AppState>({ prefix: '/things' });
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
defineRoute(router, echo, { before: [before] }, (_ctx, input) => {
  seen.push('handler');
  return { id: input.params.id, limit: input.query.limit ?? null, name: input.body.name };
});
const mine = route({
  method: 'get',
  path: '/things/mine',
  summary: 'Mine',
  access: 'signed-in',
  responses: { 200: { description: 'x', schema: z.object({ tenant: z.string() }) } },
});
defineRoute(router, mine, (_ctx, { auth }) => ({ tenant: auth.tenantId }));

// Routes declared from contracts: the full path under the router's prefix, the answer returned.
const thingSchema = z.object({ id: z.string(), count: z.number() });
const readThing = route({
  method: 'get',
  path: '/things/contract/:id',
  summary: 'A thing',
  access: 'anonymous',
  query: z.object({ as: z.enum(['object', 'text', 'drifted', 'undocumented']).default('object') }),
  responses: { 200: { description: 'The thing', schema: thingSchema } },
});
defineRoute(router, readThing, (ctx, { query }) => {
  if (query.as === 'text') return jsonText('{"id":"from-sql","count":2}');
  // Only a cast gets a drifted answer past the compiler; the check before it leaves still refuses it.
  if (query.as === 'drifted')
    return { id: ctx.params.id, count: 'two' } as unknown as { id: string; count: number };
  if (query.as === 'undocumented') ctx.status = 201;
  return { id: ctx.params.id ?? '', count: 1 };
});
// @ts-expect-error an answer the contract does not describe does not compile
defineRoute(new Router<AppState>(), readThing, () => ({ id: 'x', count: 'one' }));

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
      ['Echo', 'anonymous'],
      ['Mine', 'signed-in'],
      ['A thing', 'anonymous'],
    ]);
  });

  it('serves a contract at its full path under the router prefix and sends what the handler returns', async () => {
    const response = await fetch(`${base}/contract/abc`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: 'abc', count: 1 });
    const text = await fetch(`${base}/contract/abc?as=text`);
    expect(text.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await text.json()).toEqual({ id: 'from-sql', count: 2 });
  });

  it('refuses, outside production, an answer unlike its contract or with a status it does not list', async () => {
    const drifted = await fetch(`${base}/contract/abc?as=drifted`);
    expect(drifted.status).toBe(500);
    const undocumented = await fetch(`${base}/contract/abc?as=undocumented`);
    expect(undocumented.status).toBe(500);
  });
});
