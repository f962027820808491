import { mkdtemp, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { remotePreloads } from './remote-preloads.ts';

function manifest(exposeChunk: string) {
  return JSON.stringify({
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [
      {
        path: './app',
        assets: {
          js: { sync: [exposeChunk], async: ['1448.a1b2c3d4.js'] },
          css: { sync: ['2797.c0ffee00.css'] },
        },
      },
      { path: './console', assets: { js: { sync: ['console.0badf00d.js'] }, css: { sync: [] } } },
    ],
  });
}

let voiceDir = '';
const REMOTES = [
  { name: 'voice', entry: '/remotes/voice/mf-manifest.json' },
  { name: 'messaging', entry: 'https://cdn.example.test/messaging/mf-manifest.json' },
];

beforeEach(async () => {
  voiceDir = await mkdtemp(join(tmpdir(), 'annie-preloads-'));
  await writeFile(join(voiceDir, 'mf-manifest.json'), manifest('__federation_expose_app.11111111.js'));
});

describe('remotePreloads', () => {
  it("preloads the opened route's manifest, entry and ./app chunks, never the other exposes' or async ones", () => {
    const preloadsFor = remotePreloads(REMOTES, { voice: voiceDir });
    expect(preloadsFor('/call-logs')).toEqual([
      '</remotes/voice/mf-manifest.json>; rel=preload; as=fetch; crossorigin',
      '</remotes/voice/remoteEntry.js>; rel=preload; as=script',
      '</remotes/voice/__federation_expose_app.11111111.js>; rel=preload; as=script',
      '</remotes/voice/2797.c0ffee00.css>; rel=preload; as=style',
    ]);
    expect(preloadsFor('/')).toEqual(preloadsFor('/call-logs'));
  });

  it('preloads nothing for an admin-only route, a shell page, a remote served elsewhere or not built here', () => {
    const preloadsFor = remotePreloads(REMOTES, { voice: voiceDir });
    expect(preloadsFor('/voice/console')).toEqual([]);
    expect(preloadsFor('/privacy-policy')).toEqual([]);
    expect(preloadsFor('/sms')).toEqual([]);
    expect(remotePreloads(REMOTES, {})('/')).toEqual([]);
  });

  it('follows a redeployed remote: the manifest is read again when it changes', async () => {
    const preloadsFor = remotePreloads(REMOTES, { voice: voiceDir });
    expect(preloadsFor('/').join()).toContain('__federation_expose_app.11111111.js');
    const file = join(voiceDir, 'mf-manifest.json');
    await writeFile(file, manifest('__federation_expose_app.22222222.js'));
    const later = new Date(Date.now() + 5_000);
    await utimes(file, later, later);
    expect(preloadsFor('/').join()).toContain('__federation_expose_app.22222222.js');
  });

  it('preloads nothing when the manifest is missing or unreadable', async () => {
    await writeFile(join(voiceDir, 'mf-manifest.json'), '{ not json');
    expect(remotePreloads(REMOTES, { voice: voiceDir })('/')).toEqual([]);
    expect(remotePreloads(REMOTES, { voice: join(voiceDir, 'missing') })('/')).toEqual([]);
  });
});
