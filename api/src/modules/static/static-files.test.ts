import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeGracefully, listen, portOf } from '../../server.ts';
import { staticFiles } from './static-files.ts';

let baseUrl = '';
let stop: () => Promise<void> = async () => {};

beforeAll(async () => {
  const root = await mkdtemp(join(tmpdir(), 'annie-static-'));
  const shellDir = join(root, 'shell');
  const voiceDir = join(root, 'voice');
  await mkdir(join(shellDir, 'static/js'), { recursive: true });
  await mkdir(voiceDir, { recursive: true });
  await writeFile(
    join(shellDir, 'index.html'),
    '<!doctype html><title>AnnieAI</title><h1>AnnieAI Login</h1>',
  );
  await writeFile(
    join(shellDir, 'app.html'),
    '<!doctype html><title>AnnieAI</title><div class="boot-spinner">',
  );
  await writeFile(
    join(shellDir, 'privacy-policy.html'),
    '<!doctype html><title>AnnieAI</title><h1>Privacy Policy</h1>',
  );
  await writeFile(join(shellDir, 'static/js/main.1a2b3c4d5e.js'), 'console.log(1)');
  await mkdir(join(shellDir, 'app'));
  await writeFile(join(shellDir, 'app/app.js'), 'console.log(2)');
  await writeFile(join(shellDir, 'app/app-react-dom.js'), 'console.log(3)');
  await writeFile(join(shellDir, 'app/app.css'), 'body{margin:0}');
  await writeFile(join(voiceDir, 'mf-manifest.json'), '{}');
  await writeFile(join(voiceDir, 'remoteEntry.js'), 'var x');
  const app = new Koa();
  app.use(
    staticFiles({
      shellDir,
      remoteDirs: { voice: voiceDir },
      hasSessionCookie: (ctx) => ctx.get('Cookie').includes('annie.sid='),
      appPagePreloads: (ctx) =>
        ctx.path === '/call-logs' ? ['</remotes/voice/remoteEntry.js>; rel=preload; as=script'] : [],
    }),
  );
  const server = await listen(app as never, 0, '127.0.0.1');
  baseUrl = `http://127.0.0.1:${portOf(server)}`;
  stop = () => closeGracefully(server, 1_000);
});
afterAll(() => stop());

describe('serving the production builds', () => {
  it('answers a deep link with the shell page, not cached', async () => {
    const response = await fetch(`${baseUrl}/voice/console`, { headers: { Accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>AnnieAI</title>');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('sends the prerendered login page without a session cookie and the app page with one', async () => {
    const signedOut = await fetch(`${baseUrl}/knowledge`, { headers: { Accept: 'text/html' } });
    expect(await signedOut.text()).toContain('<h1>AnnieAI Login</h1>');
    expect(signedOut.headers.get('vary')).toMatch(/Cookie/);
    const signedIn = await fetch(`${baseUrl}/knowledge`, {
      headers: { Accept: 'text/html', Cookie: 'annie.sid=abc; annie.sid.sig=def' },
    });
    expect(await signedIn.text()).toContain('boot-spinner');
    expect(signedIn.headers.get('cache-control')).toBe('no-cache');
    expect(signedIn.headers.get('vary')).toMatch(/Cookie/);
  });

  it('sends the privacy policy signed out as its own page (200), and the app page with a session', async () => {
    const signedOut = await fetch(`${baseUrl}/privacy-policy`, { headers: { Accept: 'text/html' } });
    expect(signedOut.status).toBe(200);
    expect(await signedOut.text()).toContain('<h1>Privacy Policy</h1>');
    expect(signedOut.headers.get('vary')).toMatch(/Cookie/);
    const signedIn = await fetch(`${baseUrl}/privacy-policy`, {
      headers: { Accept: 'text/html', Cookie: 'annie.sid=abc; annie.sid.sig=def' },
    });
    expect(await signedIn.text()).toContain('boot-spinner');
    // A build without the terms page falls back to the login page rather than a 404.
    const terms = await fetch(`${baseUrl}/terms-of-service`, { headers: { Accept: 'text/html' } });
    expect(await terms.text()).toContain('<h1>AnnieAI Login</h1>');
  });

  it("sends the app page with its route's preloads in a Link header, the login page without", async () => {
    const signedIn = await fetch(`${baseUrl}/call-logs`, {
      headers: { Accept: 'text/html', Cookie: 'annie.sid=abc; annie.sid.sig=def' },
    });
    expect(signedIn.headers.get('link')).toBe('</remotes/voice/remoteEntry.js>; rel=preload; as=script');
    const elsewhere = await fetch(`${baseUrl}/knowledge`, {
      headers: { Accept: 'text/html', Cookie: 'annie.sid=abc; annie.sid.sig=def' },
    });
    expect(elsewhere.headers.get('link')).toBeNull();
    const signedOut = await fetch(`${baseUrl}/call-logs`, { headers: { Accept: 'text/html' } });
    expect(signedOut.headers.get('link')).toBeNull();
  });

  it('caches hashed assets for a year', async () => {
    const response = await fetch(`${baseUrl}/static/js/main.1a2b3c4d5e.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it("revalidates the signed-in app's fixed-name scripts and stylesheet", async () => {
    for (const path of ['/app/app.js', '/app/app-react-dom.js', '/app/app.css']) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
    const hashed = await fetch(`${baseUrl}/static/js/main.1a2b3c4d5e.js`);
    expect(hashed.headers.get('cache-control')).not.toBe('no-cache');
  });

  it('lets a prefetch of those entries (the login page, signing in) be used for 30 s without asking again', async () => {
    for (const purpose of [{ 'Sec-Purpose': 'prefetch' }, { Purpose: 'prefetch' }]) {
      for (const path of ['/app/app.js', '/app/app-react-dom.js', '/app/app.css']) {
        const response = await fetch(`${baseUrl}${path}`, { headers: purpose });
        expect(response.status).toBe(200);
        expect(response.headers.get('cache-control')).toBe('private, max-age=30');
        // The same content tag as a plain request's, so a later revalidation still gets a 304.
        const plain = await fetch(`${baseUrl}${path}`);
        expect(response.headers.get('etag')).toBe(plain.headers.get('etag'));
      }
    }
    // A page or a remote's manifest is never held that way, prefetched or not; nor is a hashed asset shortened.
    const manifest = await fetch(`${baseUrl}/remotes/voice/mf-manifest.json`, {
      headers: { 'Sec-Purpose': 'prefetch' },
    });
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    const page = await fetch(`${baseUrl}/`, { headers: { Accept: 'text/html', 'Sec-Purpose': 'prefetch' } });
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const hashed = await fetch(`${baseUrl}/static/js/main.1a2b3c4d5e.js`, {
      headers: { 'Sec-Purpose': 'prefetch' },
    });
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('never answers a missing asset with the page', async () => {
    const response = await fetch(`${baseUrl}/static/js/missing.0000aaaa.js`, {
      headers: { Accept: 'text/html' },
    });
    expect(response.status).toBe(404);
  });

  it('serves a remote manifest uncached with CORS, and a missing remote file is a 404', async () => {
    const manifest = await fetch(`${baseUrl}/remotes/voice/mf-manifest.json`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
    expect((await fetch(`${baseUrl}/remotes/voice/nope.js`)).status).toBe(404);
    expect(
      (await fetch(`${baseUrl}/remotes/unknown/remoteEntry.js`, { headers: { Accept: 'text/html' } })).status,
    ).toBe(404);
  });

  it('refuses path traversal', async () => {
    const response = await fetch(`${baseUrl}/remotes/voice/..%2f..%2fshell/index.html`);
    expect(response.status).toBe(404);
  });
});
