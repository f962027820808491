import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeGracefully, listen, portOf } from '../../server.ts';
import { rawGet } from '../../testing/raw-get.ts';
import { staticFiles } from './static-files.ts';

// Two deploys of one remote: same file names for the manifest and entry (same sizes, same times, as a
// copy that keeps timestamps would leave them), new content-hashed chunk names.
const DEPLOYS = [
  { chunk: 'app.aaaa1111.js', code: 'export const version = 1;' },
  { chunk: 'app.bbbb2222.js', code: 'export const version = 2;' },
] as const;
const FIXED_TIME = new Date('2026-01-01T00:00:00Z');

let baseUrl = '';
let voiceDir = '';
let stop: () => Promise<void> = async () => {};

async function deploy(index: 0 | 1): Promise<void> {
  const { chunk, code } = DEPLOYS[index];
  await rm(voiceDir, { recursive: true, force: true });
  await mkdir(voiceDir, { recursive: true });
  const files = {
    'mf-manifest.json': JSON.stringify({ exposes: [{ path: './app', assets: { js: { sync: [chunk] } } }] }),
    'remoteEntry.js': `var load = () => import("./${chunk}");`,
    [chunk]: code,
  };
  for (const [name, content] of Object.entries(files)) {
    await writeFile(join(voiceDir, name), content);
    await utimes(join(voiceDir, name), FIXED_TIME, FIXED_TIME);
  }
}

beforeAll(async () => {
  const root = await mkdtemp(join(tmpdir(), 'annie-redeploy-'));
  voiceDir = join(root, 'voice');
  await mkdir(join(root, 'shell'), { recursive: true });
  await deploy(0);
  const app = new Koa();
  app.use(staticFiles({ shellDir: join(root, 'shell'), remoteDirs: { voice: voiceDir } }));
  const server = await listen(app as never, 0, '127.0.0.1');
  baseUrl = `http://127.0.0.1:${portOf(server)}`;
  stop = () => closeGracefully(server, 1_000);
});
afterAll(() => stop());

describe('long-term caching across a redeployed remote', () => {
  it('revalidates the manifest and entry, so a redeploy is picked up with no shell rebuild or restart', async () => {
    const manifest = await rawGet(`${baseUrl}/remotes/voice/mf-manifest.json`);
    const entry = await rawGet(`${baseUrl}/remotes/voice/remoteEntry.js`);
    const chunk = await rawGet(`${baseUrl}/remotes/voice/${DEPLOYS[0].chunk}`);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Unchanged: the browser's revalidation costs no body.
    const again = await rawGet(`${baseUrl}/remotes/voice/mf-manifest.json`, {
      'If-None-Match': String(manifest.headers.etag),
    });
    expect(again.status).toBe(304);

    await deploy(1);

    const newManifest = await rawGet(`${baseUrl}/remotes/voice/mf-manifest.json`, {
      'If-None-Match': String(manifest.headers.etag),
      'If-Modified-Since': String(manifest.headers['last-modified']),
    });
    expect(newManifest.status).toBe(200);
    expect(newManifest.body.toString()).toContain(DEPLOYS[1].chunk);
    const newEntry = await rawGet(`${baseUrl}/remotes/voice/remoteEntry.js`, {
      'If-None-Match': String(entry.headers.etag),
    });
    expect(newEntry.status).toBe(200);
    expect(newEntry.body.toString()).toContain(DEPLOYS[1].chunk);
    const newChunk = await rawGet(`${baseUrl}/remotes/voice/${DEPLOYS[1].chunk}`);
    expect(newChunk.body.toString()).toBe(DEPLOYS[1].code);
  });

  it('never answers a chunk of the old deploy with anything but a 404 (no page, no stale file)', async () => {
    await deploy(0);
    await deploy(1);
    const old = await rawGet(`${baseUrl}/remotes/voice/${DEPLOYS[0].chunk}`, { Accept: 'text/html' });
    expect(old.status).toBe(404);
  });
});
