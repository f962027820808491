import Koa from 'koa';
import { afterAll, describe, expect, it } from 'vitest';
import { listen, portOf } from '../../server.ts';
import { releasesPageIsolation } from './releases-page-isolation.ts';

const koa = new Koa();
koa.use(releasesPageIsolation());
koa.use((ctx) => {
  ctx.type = ctx.path.endsWith('.js') ? 'text/javascript' : 'text/html';
  ctx.body = ctx.path.endsWith('.js') ? '1' : '<!doctype html><title>app</title>';
});
const server = await listen(koa as never, 0, '127.0.0.1');
const baseUrl = `http://127.0.0.1:${portOf(server)}`;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the Remote releases page', () => {
  it('is isolated in its own browsing-context group (COOP + COEP); the other pages are not', async () => {
    const page = await fetch(`${baseUrl}/admin/modules`);
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(page.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
    for (const path of ['/', '/knowledge', '/admin/modules/x', '/app.js'])
      expect((await fetch(`${baseUrl}${path}`)).headers.get('cross-origin-embedder-policy'), path).toBeNull();
  });
});
