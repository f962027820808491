import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressResponses } from '../../middleware/compress-responses.ts';
import { closeGracefully, listen, portOf } from '../../server.ts';
import { rawGet } from '../../testing/raw-get.ts';
import { staticFiles } from './static-files.ts';

const CHUNK = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};`;
const CHUNK_PATH = '/app/chunk.1a2b3c4d.js';
// Over koa-compress's threshold, and the build wrote no sibling for it (e.g. it did not shrink enough).
const PLAIN_JSON = JSON.stringify({ items: Array.from({ length: 300 }, (_, i) => ({ i })) });

let baseUrl = '';
let stop: () => Promise<void> = async () => {};

beforeAll(async () => {
  const root = await mkdtemp(join(tmpdir(), 'annie-static-enc-'));
  const shellDir = join(root, 'shell');
  const voiceDir = join(root, 'voice');
  await mkdir(join(shellDir, 'app'), { recursive: true });
  await mkdir(voiceDir, { recursive: true });
  const chunkFile = join(shellDir, CHUNK_PATH);
  await writeFile(chunkFile, CHUNK);
  await writeFile(`${chunkFile}.br`, brotliCompressSync(CHUNK));
  await writeFile(`${chunkFile}.gz`, gzipSync(CHUNK));
  await writeFile(`${chunkFile}.map`, '{"version":3}');
  await writeFile(join(shellDir, 'index.html'), '<!doctype html><title>AnnieAI</title>');
  await writeFile(join(voiceDir, 'mf-manifest.json'), PLAIN_JSON);
  const app = new Koa();
  // As in the API: the on-the-fly compressor wraps the static server.
  app.use(compressResponses());
  app.use(staticFiles({ shellDir, remoteDirs: { voice: voiceDir } }));
  const server = await listen(app as never, 0, '127.0.0.1');
  baseUrl = `http://127.0.0.1:${portOf(server)}`;
  stop = () => closeGracefully(server, 1_000);
});
afterAll(() => stop());

const chunk = (acceptEncoding?: string, extra: Record<string, string> = {}) =>
  rawGet(`${baseUrl}${CHUNK_PATH}`, {
    ...(acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding }),
    ...extra,
  });

describe('static files: Accept-Encoding negotiation', () => {
  it('sends the Brotli sibling when br is accepted, preferring it to gzip', async () => {
    const response = await chunk('gzip, deflate, br');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(response.body).toString()).toBe(CHUNK);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the gzip sibling when only gzip is accepted, or br is refused with q=0', async () => {
    for (const header of ['gzip', 'br;q=0, gzip']) {
      const response = await chunk(header);
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(response.body).toString()).toBe(CHUNK);
    }
  });

  it('sends the original, still varying on Accept-Encoding, to a client that asks for no encoding', async () => {
    for (const header of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const response = await chunk(header);
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body.toString()).toBe(CHUNK);
      expect(response.headers.vary).toMatch(/Accept-Encoding/i);
    }
  });

  it('answers a conditional request 304 for the same representation only', async () => {
    const br = await chunk('br');
    const tag = String(br.headers.etag);
    expect(tag).toMatch(/^"br-/);
    const again = await chunk('br', { 'If-None-Match': tag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(tag);
    // A gzip client holding the Brotli tag must get the gzip bytes, not a 304.
    const gzip = await chunk('gzip', { 'If-None-Match': tag });
    expect(gzip.status).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.etag).not.toBe(tag);
    const plain = await chunk(undefined, { 'If-None-Match': String(gzip.headers.etag) });
    expect(plain.status).toBe(200);
    expect((await chunk(undefined, { 'If-None-Match': String(plain.headers.etag) })).status).toBe(304);
  });

  it('never compresses a build file again: a precompressed file is sent as written, one without a sibling as is', async () => {
    const br = await chunk('br');
    expect(br.body.equals(brotliCompressSync(CHUNK))).toBe(true);
    const manifest = await rawGet(`${baseUrl}/remotes/voice/mf-manifest.json`, {
      'Accept-Encoding': 'br, gzip',
    });
    expect(manifest.status).toBe(200);
    expect(manifest.headers['content-encoding']).toBeUndefined();
    expect(manifest.body.toString()).toBe(PLAIN_JSON);
  });

  it('does not serve source maps or the compressed siblings by their own names', async () => {
    for (const path of [`${CHUNK_PATH}.map`, `${CHUNK_PATH}.br`, `${CHUNK_PATH}.gz`]) {
      const response = await rawGet(`${baseUrl}${path}`, { Accept: 'text/html' });
      expect(response.status, path).toBe(404);
    }
  });
});
