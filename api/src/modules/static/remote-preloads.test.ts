import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Context } from 'koa';
import { describe, expect, it } from 'vitest';
import { deployedManifests } from './deployed-manifests.ts';
import { type RemoteManifest, remotePreloads } from './remote-preloads.ts';

const REMOTES = [
  { name: 'voice', entry: '/remotes/voice/mf-manifest.json' },
  { name: 'messaging', entry: 'https://cdn.example.test/messaging/mf-manifest.json' },
  { name: 'lab', entry: '//cdn.example.test/lab/mf-manifest.json' },
  { name: 'knowledge', entry: '/remotes/knowledge/1.4.0/mf-manifest.json' },
];
const VOICE_MANIFEST: RemoteManifest = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    {
      path: './app',
      assets: {
        js: { sync: ['__federation_expose_app.1a2b.js'] },
        css: { sync: ['__federation_expose_app.3c4d.css'] },
      },
    },
    {
      path: './console',
      assets: { js: { sync: ['__federation_expose_console.5e6f.js'] }, css: { sync: [] } },
    },
  ],
};
const at = (path: string) => ({ path }) as Context;
const preloadsFor = remotePreloads({
  remotes: () => REMOTES,
  manifest: (entry) => (entry === '/remotes/voice/mf-manifest.json' ? VOICE_MANIFEST : undefined),
});

describe('remotePreloads', () => {
  it("preloads the opened route's remote manifest, entry script and the route module's own files", async () => {
    const voiceHome = [
      '</remotes/voice/mf-manifest.json>; rel=preload; as=fetch; crossorigin',
      '</remotes/voice/remoteEntry.js>; rel=preload; as=script',
      '</remotes/voice/__federation_expose_app.1a2b.js>; rel=preload; as=script',
      '</remotes/voice/__federation_expose_app.3c4d.css>; rel=preload; as=style',
    ];
    expect(await preloadsFor(at('/'))).toEqual(voiceHome);
    expect(await preloadsFor(at('/call-logs/'))).toEqual(voiceHome);
  });

  it('preloads only the manifest when the server cannot read it (a published release)', async () => {
    expect(await preloadsFor(at('/knowledge'))).toEqual([
      '</remotes/knowledge/1.4.0/mf-manifest.json>; rel=preload; as=fetch; crossorigin',
    ]);
  });

  it('preloads the version the user gets: the remotes are asked per request', async () => {
    const byUser = remotePreloads({
      remotes: (ctx) => [{ name: 'voice', entry: `/remotes/voice/${ctx.get('X-User')}/mf-manifest.json` }],
    });
    const ctx = { path: '/', get: () => '2.0.0-canary' } as unknown as Context;
    expect(await byUser(ctx)).toEqual([
      '</remotes/voice/2.0.0-canary/mf-manifest.json>; rel=preload; as=fetch; crossorigin',
    ]);
  });

  it('preloads nothing for an admin-only route, a shell page, or a remote on another origin', async () => {
    for (const path of ['/voice/console', '/privacy-policy', '/sms', '/lab/console'])
      expect(await preloadsFor(at(path)), path).toEqual([]);
    expect(await remotePreloads({ remotes: () => [] })(at('/'))).toEqual([]);
  });
});

describe('deployedManifests', () => {
  it("reads a deployed remote's manifest from its build folder, and nothing else", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'annie-manifest-'));
    await mkdir(join(dir, 'voice'));
    await writeFile(join(dir, 'voice', 'mf-manifest.json'), JSON.stringify(VOICE_MANIFEST));
    const manifestAt = deployedManifests({ voice: join(dir, 'voice'), lab: join(dir, 'lab') });
    expect(manifestAt('/remotes/voice/mf-manifest.json')).toEqual(VOICE_MANIFEST);
    expect(manifestAt('/remotes/voice/1.0.0/mf-manifest.json')).toBeUndefined();
    expect(manifestAt('/remotes/lab/mf-manifest.json')).toBeUndefined();
    expect(manifestAt('/remotes/../voice/mf-manifest.json')).toBeUndefined();
  });
});
