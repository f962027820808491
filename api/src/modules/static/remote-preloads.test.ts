import type { Context } from 'koa';
import { describe, expect, it } from 'vitest';
import { remotePreloads } from './remote-preloads.ts';

const at = (path: string, user = '') => ({ path, get: () => user }) as unknown as Context;
const preloadsFor = remotePreloads(() => [
  { name: 'voice', entry: '/remotes/voice/mf-manifest.json' },
  { name: 'messaging', entry: 'https://cdn.example.test/messaging/mf-manifest.json' },
  { name: 'lab', entry: '//cdn.example.test/lab/mf-manifest.json' },
]);

describe('remotePreloads', () => {
  it("preloads the opened route's remote manifest, as the federation runtime fetches it", async () => {
    const manifest = ['</remotes/voice/mf-manifest.json>; rel=preload; as=fetch; crossorigin'];
    expect(await preloadsFor(at('/'))).toEqual(manifest);
    expect(await preloadsFor(at('/call-logs/'))).toEqual(manifest);
  });

  it('preloads the version the request’s user gets: the remotes are asked per request', async () => {
    const byUser = remotePreloads((ctx) => [
      { name: 'voice', entry: `/remotes/voice/${ctx.get('X-User')}/mf-manifest.json` },
    ]);
    expect(await byUser(at('/', '2.0.0-canary'))).toEqual([
      '</remotes/voice/2.0.0-canary/mf-manifest.json>; rel=preload; as=fetch; crossorigin',
    ]);
    expect(await byUser(at('/', '1.9.0'))).toEqual([
      '</remotes/voice/1.9.0/mf-manifest.json>; rel=preload; as=fetch; crossorigin',
    ]);
  });

  it('preloads nothing for an admin-only route, a shell page, or a remote on another origin', async () => {
    for (const path of ['/voice/console', '/privacy-policy', '/sms', '/lab/console'])
      expect(await preloadsFor(at(path)), path).toEqual([]);
    expect(await remotePreloads(() => [])(at('/'))).toEqual([]);
  });
});
