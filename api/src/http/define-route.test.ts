import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import Koa from 'koa';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorHandler } from '../middleware/error-handler.ts';
import { docOf } from '../openapi/route-doc.ts';
import type { AppState } from './app-state.ts';
import { defineRoute } from './define-route.ts';

const router = new Router<AppState>({ prefix: '/things' });
const seen: unknown[] = [];
defineRoute(
  router,
  {
    method: 'post',
    path: '/:id',
    summary: 'Echo',
    access: 'anonymous',
    params: { id: z.uuid() },
    notFound: 'Thing not found',
    query: z.object({ limit: z.coerce.number().int().positive().optional() }),
    body: z.object({ name: z.string().min(1, 'Name is required') }),
    before: [
      async (_ctx, next) => {
        seen.push('before');
        await next();
      },
    ],
    responses: { 200: { description: 'The input' } },
  },
  (ctx, input) => {
    seen.push('handler');
    ctx.body = { id: input.params.id, limit: input.query.limit ?? null, name: input.body.name };
  },
);
defineRoute(
  router,
  {
    method: 'get',
    path: '/mine',
    summary: 'Mine',
    access: 'signed-in',
    responses: { 200: { description: 'x' } },
  },
  (ctx, { auth }) => {
    ctx.body = { tenant: auth.tenantId };
  },
);

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
    ]);
  });
});
