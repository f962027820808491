import { PassThrough } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeGracefully, listen, portOf } from '../server.ts';
import { rawGet } from '../testing/raw-get.ts';
import { compressResponses } from './compress-responses.ts';

const BIG = { rows: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `row ${i}` })) };
const SMALL = { ok: true };

let baseUrl = '';
let stop: () => Promise<void> = async () => {};
let openStream: PassThrough | null = null;

beforeAll(async () => {
  const app = new Koa();
  app.use(compressResponses());
  app.use(async (ctx) => {
    if (ctx.path === '/big') ctx.body = BIG;
    else if (ctx.path === '/small') ctx.body = SMALL;
    else if (ctx.path === '/events') {
      openStream = new PassThrough();
      ctx.type = 'text/event-stream';
      ctx.body = openStream;
      openStream.write(`data: ${'x'.repeat(2_000)}\n\n`);
    }
  });
  const server = await listen(app as never, 0, '127.0.0.1');
  baseUrl = `http://127.0.0.1:${portOf(server)}`;
  stop = () => closeGracefully(server, 1_000);
});
afterAll(() => stop());

describe('compressing API responses on the fly', () => {
  it('compresses JSON over 1 KB with Brotli, else gzip, by Accept-Encoding', async () => {
    const br = await rawGet(`${baseUrl}/big`, { 'Accept-Encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(BIG);
    const gzip = await rawGet(`${baseUrl}/big`, { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(BIG);
    const plain = await rawGet(`${baseUrl}/big`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(plain.body.toString())).toEqual(BIG);
    const identity = await rawGet(`${baseUrl}/big`, { 'Accept-Encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(identity.body.toString())).toEqual(BIG);
  });

  it('leaves JSON under 1 KB as it is', async () => {
    const response = await rawGet(`${baseUrl}/small`, { 'Accept-Encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(response.body.toString())).toEqual(SMALL);
  });

  it('never compresses (so never buffers) a server-sent event stream', async () => {
    const { request } = await import('node:http');
    const firstFrame = await new Promise<{ encoding?: string; text: string }>((resolve, reject) => {
      const req = request(`${baseUrl}/events`, { headers: { 'Accept-Encoding': 'br, gzip' } }, (res) => {
        // The frame arrives while the stream is still open: nothing sits in a compressor.
        res.once('data', (chunk: Buffer) => {
          resolve({ encoding: res.headers['content-encoding'], text: chunk.toString() });
          openStream?.end();
          req.destroy();
        });
      });
      req.on('error', reject);
      req.end();
    });
    expect(firstFrame.encoding).toBeUndefined();
    expect(firstFrame.text.startsWith('data: xxx')).toBe(true);
  });
});
