import Router from '@koa/router';
import Koa from 'koa';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeGracefully, listen, portOf } from '../server.ts';
import { literalSegments, routed } from './routed.ts';

/** Routers of every shape the API has: no prefix, `/api`, deep prefixes, parameters early and late. */
function makeRouters() {
  const answer = (name: string) => (ctx: Koa.Context) => {
    ctx.body = { name, params: ctx.params };
  };
  const health = new Router();
  health.get('/healthz', answer('health'));
  const auth = new Router({ prefix: '/api' });
  auth.post('/login', answer('login'));
  auth.get('/auth/user', answer('user'));
  const facts = new Router({ prefix: '/api/knowledge/facts' });
  facts.get('/', answer('facts'));
  facts.post('/', answer('create fact'));
  facts.get('/:key/versions', answer('versions'));
  facts.delete('/:key', answer('delete fact'));
  const search = new Router({ prefix: '/api/knowledge' });
  const searched: string[] = [];
  search.use(async (ctx, next) => {
    searched.push(ctx.path);
    await next();
  });
  search.get('/search', answer('search'));
  const sections = new Router({ prefix: '/api' });
  sections.get('/:section/summary', answer('section summary'));
  const pings = new Router();
  pings.get('/:id/ping', answer('ping'));
  return { all: [health, auth, facts, search, sections, pings], health, facts, searched };
}

async function serve(mount: (app: Koa) => void) {
  const app = new Koa();
  mount(app);
  app.use((ctx) => {
    ctx.status = 404;
    ctx.body = 'no route';
  });
  const server = await listen(app as never, 0, '127.0.0.1');
  const port = portOf(server);
  const send = async (method: string, path: string) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { method });
    return `${response.status} ${response.headers.get('allow') ?? '-'} ${await response.text()}`;
  };
  return { send, close: () => closeGracefully(server, 1_000) };
}

const indexed = makeRouters();
const indexedServer = await serve((app) => app.use(routed(indexed.all)));
const sequential = makeRouters();
const sequentialServer = await serve((app) => {
  for (const router of sequential.all) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
});
afterAll(() => Promise.all([indexedServer.close(), sequentialServer.close()]));

describe('routed', () => {
  it('answers every request as the routers mounted one after another do', async () => {
    const requests: [string, string][] = [
      ['GET', '/healthz'],
      ['POST', '/api/login'],
      ['GET', '/api/auth/user'],
      ['GET', '/api/knowledge/facts'],
      ['GET', '/API/Knowledge/Facts/'],
      ['POST', '/api/knowledge/facts'],
      ['GET', '/api/knowledge/facts/budget/versions'],
      ['DELETE', '/api/knowledge/facts/budget'],
      ['GET', '/api/knowledge/facts/budget'],
      ['PUT', '/api/knowledge/facts'],
      ['OPTIONS', '/api/knowledge/facts'],
      ['GET', '/api/knowledge/search'],
      ['GET', '/api/lab/summary'],
      ['GET', '/api/knowledge/summary'],
      ['GET', '/anything/ping'],
      ['GET', '/api/ping'],
      ['GET', '/api/nothing/here'],
      ['GET', '/api'],
      ['GET', '/'],
      ['GET', '/elsewhere'],
    ];
    for (const [method, path] of requests) {
      const expected = await sequentialServer.send(method, path);
      expect(`${method} ${path}: ${await indexedServer.send(method, path)}`).toBe(
        `${method} ${path}: ${expected}`,
      );
    }
    expect(await indexedServer.send('GET', '/api/knowledge/facts/budget/versions')).toBe(
      '200 - {"name":"versions","params":{"key":"budget"}}',
    );
    expect(await indexedServer.send('PUT', '/api/knowledge/facts')).toBe('405 HEAD, GET, POST no route');
  });

  it('asks only the routers with a route the path can match', async () => {
    const { all, health, facts, searched } = makeRouters();
    const healthMatch = vi.spyOn(health, 'match');
    const factsMatch = vi.spyOn(facts, 'match');
    const server = await serve((app) => app.use(routed(all)));
    try {
      expect(await server.send('GET', '/api/knowledge/facts')).toBe('200 - {"name":"facts","params":{}}');
      expect(healthMatch).not.toHaveBeenCalled();
      expect(factsMatch).toHaveBeenCalledTimes(1);
      expect(searched).toEqual([]);
      expect(await server.send('GET', '/healthz')).toBe('200 - {"name":"health","params":{}}');
      expect(factsMatch).toHaveBeenCalledTimes(1);
      expect(await server.send('GET', '/api/knowledge/search')).toBe('200 - {"name":"search","params":{}}');
      expect(searched).toEqual(['/api/knowledge/search']);
    } finally {
      await server.close();
    }
  });
});

describe('literalSegments', () => {
  it('gives the whole literal segments a route path starts with, in lower case', () => {
    expect(literalSegments('/api/knowledge/facts/:key/versions')).toEqual(['api', 'knowledge', 'facts']);
    expect(literalSegments('/api/knowledge/facts')).toEqual(['api', 'knowledge', 'facts']);
    expect(literalSegments('/api/knowledge/facts/')).toEqual(['api', 'knowledge', 'facts']);
    expect(literalSegments('/API/Login')).toEqual(['api', 'login']);
    expect(literalSegments('/api/v:version')).toEqual(['api']);
    expect(literalSegments('/api/files{/:name}')).toEqual(['api']);
    expect(literalSegments('/api/files{/:name}/x')).toEqual(['api']);
    expect(literalSegments('/api/*rest')).toEqual(['api']);
    expect(literalSegments('/:id')).toEqual([]);
    expect(literalSegments('/')).toEqual([]);
    expect(literalSegments('')).toEqual([]);
  });
});
