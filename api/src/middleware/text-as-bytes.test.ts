import { request } from 'node:http';
import Koa from 'koa';
import { afterAll, describe, expect, it } from 'vitest';
import { closeGracefully, listen } from '../server.ts';
import { rawGet } from '../testing/raw-get.ts';
import { compressResponses } from './compress-responses.ts';
import { textAsBytes } from './text-as-bytes.ts';

// Multi-byte characters, so a length counted in characters instead of bytes would show.
const BIG_JSON = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Zoë ☕ ${i}` })));

const app = new Koa();
app.use(textAsBytes());
app.use(compressResponses());
app.use(async (ctx) => {
  if (ctx.path === '/json-text') {
    ctx.type = 'application/json';
    ctx.body = BIG_JSON;
  } else if (ctx.path === '/created') {
    ctx.status = 201;
    ctx.type = 'application/json';
    ctx.body = BIG_JSON;
  } else if (ctx.path === '/html') ctx.body = `<!doctype html><p>${'x'.repeat(2_000)}</p>`;
  else ctx.body = 'short';
});
const server = await listen(app as never, 0, '127.0.0.1');
const address = server.address();
const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
afterAll(() => closeGracefully(server, 1_000));

describe('text answers sent as bytes', () => {
  it('sends the same bytes, Content-Type and Content-Length (in bytes) as the text', async () => {
    const response = await rawGet(`${baseUrl}/json-text`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(BIG_JSON));
    expect(response.body.toString('utf8')).toBe(BIG_JSON);
  });

  it('keeps the status a route set, and the type Koa inferred from the text', async () => {
    const created = await rawGet(`${baseUrl}/created`);
    expect(created.status).toBe(201);
    expect(JSON.parse(created.body.toString('utf8'))).toHaveLength(200);
    const html = await rawGet(`${baseUrl}/html`);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('answers HEAD with the length and no body, and leaves short text as it is', async () => {
    const head = await new Promise<{ length?: string; bytes: number }>((resolve, reject) => {
      const req = request(`${baseUrl}/json-text`, { method: 'HEAD' }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on('end', () => resolve({ length: res.headers['content-length'], bytes }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(head).toEqual({ length: String(Buffer.byteLength(BIG_JSON)), bytes: 0 });
    expect((await rawGet(`${baseUrl}/short`)).body.toString()).toBe('short');
  });

  it('still compresses for a client that accepts it', async () => {
    const response = await rawGet(`${baseUrl}/json-text`, { 'Accept-Encoding': 'br' });
    expect(response.headers['content-encoding']).toBe('br');
  });
});
