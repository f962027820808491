import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestClient } from '../../../test/test-client.ts';
import { portOf } from '../../server.ts';
import { testBuild } from './testing/test-build.ts';

// What a URL build must never reach: a listener on loopback that counts every request it gets.
let trapped = 0;
const trap = createServer((_request, response) => {
  trapped += 1;
  response.end('{}');
});
await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
const trapPort = portOf(trap);

// The tests' "CDN", allowed on loopback by the test-only setting; it also redirects and serves a huge file.
const hosted = new Map<string, Buffer>();
const cdn = createServer((request, response) => {
  const url = request.url ?? '';
  if (url.endsWith('/redirect/mf-manifest.json')) {
    response.writeHead(302, { Location: `http://127.0.0.1:${trapPort}/mf-manifest.json` });
    return response.end();
  }
  if (url.endsWith('/huge.js')) {
    // 200 MB, announced or not: written as long as the client reads.
    const chunk = Buffer.alloc(1_048_576, 97);
    const announced = url.includes('announced');
    response.writeHead(200, announced ? { 'Content-Length': String(200 * chunk.length) } : {});
    let sent = 0;
    const write = () => {
      while (sent < 200 && !response.destroyed) {
        sent += 1;
        if (!response.write(chunk)) return void response.once('drain', write);
      }
      response.end();
    };
    return write();
  }
  const file = hosted.get(url);
  response.writeHead(file ? 200 : 404);
  response.end(file ?? 'not found');
});
await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
const cdnOrigin = `http://127.0.0.1:${portOf(cdn)}`;
afterAll(async () => {
  await new Promise<void>((resolve) => cdn.close(() => resolve()));
  await new Promise<void>((resolve) => trap.close(() => resolve()));
});

const app = await startTestApp({ RELEASE_URL_TEST_ORIGINS: cdnOrigin });
let admin: TestClient;
beforeAll(async () => {
  admin = await app.signedIn(await app.createUser({ isAdmin: true }));
});

/** A lab build on the CDN at `path` whose manifest also lists `extra` (a path the manifest names). */
function hostWith(path: string, extra: string): string {
  const files = testBuild('lab');
  const manifest = JSON.parse(files[0]?.content.toString() ?? '{}');
  manifest.exposes[0].assets = { js: { sync: [extra], async: [] }, css: { sync: [], async: [] } };
  hosted.set(`${path}/mf-manifest.json`, Buffer.from(JSON.stringify(manifest)));
  for (const file of files.slice(1)) hosted.set(`${path}/${file.path}`, file.content);
  return `${cdnOrigin}${path}/mf-manifest.json`;
}

const publish = (version: string, url: string) =>
  admin.post<{ message: string }>('/api/remotes/releases', { remote: 'lab', version, url });

describe('a URL build', () => {
  it('is refused when the manifest names a file off its origin, and nothing is fetched from there', async () => {
    const refused = await publish('1.0.0', hostWith('/lab/1.0.0', `//127.0.0.1:${trapPort}/x.js`));
    expect(refused.status).toBe(422);
    expect(refused.body.message).toContain(`//127.0.0.1:${trapPort}/x.js resolves outside ${cdnOrigin}`);
    const absolute = await publish('1.0.1', hostWith('/lab/1.0.1', `http://127.0.0.1:${trapPort}/x.js`));
    expect(absolute.status).toBe(422);
    expect(trapped).toBe(0);
  });

  it('is refused when its host redirects to a loopback address, or its name resolves to one', async () => {
    const redirected = await publish('2.0.0', `${cdnOrigin}/lab/redirect/mf-manifest.json`);
    expect(redirected.status).toBe(422);
    expect(redirected.body.message).toContain('127.0.0.1 is a loopback or private address');
    const byName = await publish('2.0.1', `http://localhost:${trapPort}/lab/mf-manifest.json`);
    expect(byName.status).toBe(422);
    expect(byName.body.message).toMatch(
      /localhost resolves to (127\.0\.0\.1|::1), a loopback or private address/,
    );
    expect(trapped).toBe(0);
  });

  it('is refused when a file passes the size cap, announced or not', async () => {
    for (const [version, file] of [
      ['3.0.0', 'announced/huge.js'],
      ['3.0.1', 'streamed/huge.js'],
    ] as const) {
      const refused = await publish(version, hostWith(`/lab/${version}`, file));
      expect(refused.status).toBe(422);
      expect(refused.body.message).toContain(`huge.js is larger than`);
    }
    const { rows } = await app.pool.query("select version from remote_release where remote = 'lab'");
    expect(rows).toEqual([]);
  });

  it('on its own origin is published and served through the API, without CORS_ORIGINS', async () => {
    hosted.set('/lab/4.0.0/static/js/page.js', Buffer.from('/* page */'));
    const published = await publish('4.0.0', hostWith('/lab/4.0.0', 'static/js/page.js'));
    expect(published.status).toBe(201);
    expect(app.config.CORS_ORIGINS).toEqual([]);
    const page = await fetch(`${app.baseUrl}/remotes/lab/4.0.0/static/js/page.js`);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe('/* page */');
    expect(trapped).toBe(0);
  });
});
