import { describe, expect, it } from 'vitest';
import { remotePreloads } from './remote-preloads.ts';

const preloadsFor = remotePreloads(() => [
  { name: 'voice', entry: '/remotes/voice/mf-manifest.json' },
  { name: 'messaging', entry: 'https://cdn.example.test/messaging/mf-manifest.json' },
  { name: 'lab', entry: '//cdn.example.test/lab/mf-manifest.json' },
]);

describe('remotePreloads', () => {
  it("preloads the opened route's remote manifest, as the federation runtime fetches it", () => {
    const manifest = ['</remotes/voice/mf-manifest.json>; rel=preload; as=fetch; crossorigin'];
    expect(preloadsFor('/')).toEqual(manifest);
    expect(preloadsFor('/call-logs/')).toEqual(manifest);
  });

  it('preloads nothing for an admin-only route, a shell page, or a remote on another origin', () => {
    expect(preloadsFor('/voice/console')).toEqual([]);
    expect(preloadsFor('/privacy-policy')).toEqual([]);
    expect(preloadsFor('/sms')).toEqual([]);
    expect(preloadsFor('/lab/console')).toEqual([]);
    expect(remotePreloads(() => [])('/')).toEqual([]);
  });
});
