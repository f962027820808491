import type { Server } from 'node:http';
import Router from '@koa/router';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeGracefully, listen } from '../server.ts';
import { mountRouters } from './mount-routers.ts';

/** Routers shaped like the domains': prefixes, router-level middleware, params, a regexp route, overlaps, a fall-through. */
function routers(): Router[] {
  const a = new Router({ prefix: '/api/a' });
  a.use(async (ctx, next) => {
    ctx.set('X-Seen-By', 'a');
    await next();
  });
  a.get('/', (ctx) => {
    ctx.body = 'a list';
  });
  a.get('/pass/deeper', (_ctx, next) => next());
  a.get('/:id', (ctx) => {
    ctx.body = `a ${ctx.params.id}`;
  });
  a.post('/x/:id/y', (ctx) => {
    ctx.body = `a x ${ctx.params.id}`;
  });
  const plain = new Router();
  plain.get('/health', (ctx) => {
    ctx.body = 'ok';
  });
  plain.get(/^\/re/, (ctx) => {
    ctx.body = 'regexp';
  });
  const api = new Router({ prefix: '/api' });
  api.get('/a/special', (ctx) => {
    ctx.body = 'never: /api/a/:id answers first';
  });
  api.get('/a/pass/deeper', (ctx) => {
    ctx.body = 'passed through';
  });
  api.get('/empty', (ctx) => {
    ctx.status = 404;
  });
  const b = new Router({ prefix: '/api/b' });
  b.put('/:id', (ctx) => {
    ctx.body = `b ${ctx.params.id}`;
  });
  return [a, plain, api, b];
}

async function serve(mount: (app: Koa) => void): Promise<{ url: string; server: Server }> {
  const app = new Koa();
  app.use(async (ctx, next) => {
    await next();
    if (ctx.status === 404 && ctx.body == null) {
      ctx.body = 'fell through';
      ctx.status = 404;
    }
  });
  mount(app);
  const server = await listen(app as never, 0, '127.0.0.1');
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, server };
}

const REQUESTS: [string, string][] = [
  ['GET', '/api/a'],
  ['GET', '/api/a/'],
  ['GET', '/API/A/42'],
  ['HEAD', '/api/a/42'],
  ['POST', '/api/a/x/7/y'],
  ['DELETE', '/api/a/1'],
  ['OPTIONS', '/api/a/1'],
  ['PROPFIND', '/api/a/1'],
  ['PROPFIND', '/nothing'],
  ['GET', '/nothing'],
  ['GET', '/api/ab'],
  ['GET', '/health'],
  ['GET', '/Health/'],
  ['GET', '/re-anything'],
  ['GET', '/api/a/special'],
  ['GET', '/api/a/pass/deeper'],
  ['GET', '/api/empty'],
  ['PUT', '/api/b/1'],
  ['GET', '/api/b/1'],
  ['OPTIONS', '/api/b/1'],
  ['GET', '/api/a/caf\u00e9'],
  ['GET', '/api/b/%C3%A9'],
];

let reference: { url: string; server: Server };
let mounted: { url: string; server: Server };

beforeAll(async () => {
  reference = await serve((app) => {
    for (const router of routers()) {
      app.use(router.routes());
      app.use(router.allowedMethods());
    }
  });
  mounted = await serve((app) => app.use(mountRouters(routers())));
});
afterAll(async () => {
  await closeGracefully(reference.server, 1_000);
  await closeGracefully(mounted.server, 1_000);
});

async function answer(base: string, method: string, path: string) {
  const response = await fetch(`${base}${path}`, { method });
  return {
    status: response.status,
    body: await response.text(),
    allow: response.headers.get('allow'),
    seenBy: response.headers.get('x-seen-by'),
  };
}

describe('mounting the routers by path', () => {
  it.each(REQUESTS)('%s %s answers as every router mounted in turn does', async (method, path) => {
    expect(await answer(mounted.url, method, path)).toEqual(await answer(reference.url, method, path));
  });

  it('still routes, 405s, 501s and falls through (the comparison is not between two dead apps)', async () => {
    expect(await answer(mounted.url, 'GET', '/api/a/42')).toMatchObject({
      status: 200,
      body: 'a 42',
      seenBy: 'a',
    });
    expect(await answer(mounted.url, 'GET', '/api/a/pass/deeper')).toMatchObject({
      status: 200,
      body: 'passed through',
    });
    expect(await answer(mounted.url, 'DELETE', '/api/a/1')).toMatchObject({
      status: 405,
      allow: 'HEAD, GET',
    });
    expect((await answer(mounted.url, 'PROPFIND', '/nothing')).status).toBe(501);
    expect(await answer(mounted.url, 'GET', '/nothing')).toMatchObject({ status: 404, body: 'fell through' });
    expect(await answer(mounted.url, 'GET', '/re-anything')).toMatchObject({ status: 200, body: 'regexp' });
  });
});
