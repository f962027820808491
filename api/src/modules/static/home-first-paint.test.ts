import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AFTER_PAINT_SCRIPT } from '@annie/contracts/page-scripts';
import type { RemoteEntry } from '@annie/contracts/remote-registry';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../../middleware/security-headers.ts';
import { closeGracefully, listen, portOf } from '../../server.ts';
import { AFTER_PAINT_SCRIPT_HASH } from './first-paint-markup.ts';
import { FirstPaints } from './first-paints.ts';
import { homeFirstPaint } from './home-first-paint.ts';
import { staticFiles } from './static-files.ts';
import { firstPaintFile, hashOf, testFirstPaint } from './testing/test-first-paint.ts';

const APP_HTML =
  '<!doctype html><html><head><title>AnnieAI</title><link rel="preload" href="/api/settings" as="fetch" crossorigin="use-credentials"><script defer src="/app/app.js"></script></head><body><div id="root"><div class="boot-spinner" role="status" aria-label="Loading"></div></div></body></html>';

let baseUrl = '';
let voiceDir = '';
let stop: () => Promise<void> = async () => {};
// What the registry gives each request: the deployed build on disk unless a test says otherwise.
let entry: RemoteEntry = { name: 'voice', entry: '/remotes/voice/mf-manifest.json', version: 'local' };

beforeAll(async () => {
  const root = await mkdtemp(join(tmpdir(), 'annie-first-paint-'));
  const shellDir = join(root, 'shell');
  voiceDir = join(root, 'voice');
  await mkdir(shellDir, { recursive: true });
  await mkdir(voiceDir, { recursive: true });
  await writeFile(join(shellDir, 'index.html'), '<!doctype html><h1>AnnieAI Login</h1>');
  await writeFile(join(shellDir, 'app.html'), APP_HTML);
  const noReleases = { isPublished: async () => false, releaseFile: async () => undefined };
  const app = new Koa();
  app.use(securityHeaders([], [AFTER_PAINT_SCRIPT_HASH]));
  app.use(
    staticFiles({
      shellDir,
      remoteDirs: { voice: voiceDir },
      hasSessionCookie: (ctx) => ctx.get('Cookie').includes('annie.sid='),
      appPageFirstPaint: homeFirstPaint({
        remotes: () => [entry],
        firstPaints: new FirstPaints(noReleases, { voice: voiceDir }),
        assistantName: 'Ada <b>',
      }),
    }),
  );
  const server = await listen(app as never, 0, '127.0.0.1');
  baseUrl = `http://127.0.0.1:${portOf(server)}`;
  stop = () => closeGracefully(server, 1_000);
});
afterAll(() => stop());

// As Chromium asks for a page (fetch() decodes the body).
const page = (path: string, cookie?: string) =>
  fetch(`${baseUrl}${path}`, {
    headers: {
      Accept: 'text/html',
      'Accept-Encoding': 'gzip, deflate, br, zstd',
      ...(cookie ? { Cookie: cookie } : {}),
    },
  });

const scriptSources = (response: Response) =>
  /script-src ([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1]?.split(' ') ?? [];

const writeFirstPaint = (json: unknown) =>
  writeFile(join(voiceDir, 'first-paint.json'), firstPaintFile(json).content);

describe("the home page's first paint from the voice build on disk", () => {
  it("puts the build's first paint in place of the spinner at / for a signed-in request, name escaped", async () => {
    await writeFirstPaint(testFirstPaint('disk build'));
    const response = await page('/', 'annie.sid=abc');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-encoding')).toBe('br');
    const html = await response.text();
    expect(html).toContain("<h2>Hello, I'm Ada &lt;b&gt;</h2><p>disk build</p>");
    expect(html).not.toContain('boot-spinner');
    expect(html).not.toContain('<b>');
    // The block the shell takes it from, carrying the settings the page reads (so they are not preloaded).
    expect(html).toContain(
      '<div data-boot-idle="voice" data-assistant-name="Ada &lt;b&gt;"><div class="boot-idle-bar"></div>',
    );
    expect(html).not.toContain('/api/settings');
    // app.js waits for the first paint to be painted.
    expect(html).toContain('<script type="annie/after-paint" src="/app/app.js"></script>');
    expect(html).toContain(`<script>${AFTER_PAINT_SCRIPT}</script></body>`);
  });

  it("admits the first paint's script by its hash on that response only", async () => {
    await writeFirstPaint(testFirstPaint('disk build'));
    const [script] = testFirstPaint('disk build').scriptHashes;
    const home = scriptSources(await page('/', 'annie.sid=abc'));
    expect(home).toContain(script);
    expect(home).toContain(AFTER_PAINT_SCRIPT_HASH);
    expect(scriptSources(await page('/knowledge', 'annie.sid=abc'))).not.toContain(script);
    expect(scriptSources(await page('/'))).not.toContain(script);
  });

  it('shows a new build on disk at the next request (a redeploy), without a restart', async () => {
    await writeFirstPaint(testFirstPaint('disk build'));
    expect(await (await page('/', 'annie.sid=abc')).text()).toContain('disk build');
    await writeFirstPaint(testFirstPaint('redeployed build, longer'));
    const response = await page('/', 'annie.sid=abc');
    expect(await response.text()).toContain('redeployed build, longer');
    expect(scriptSources(response)).toContain(testFirstPaint('redeployed build, longer').scriptHashes[0]);
  });

  it('leaves the spinner on every other signed-in page and the login page unchanged', async () => {
    await writeFirstPaint(testFirstPaint('disk build'));
    expect(await (await page('/knowledge', 'annie.sid=abc')).text()).toBe(APP_HTML);
    expect(await (await page('/voice', 'annie.sid=abc')).text()).toBe(APP_HTML);
    expect(await (await page('/')).text()).toContain('AnnieAI Login');
  });

  it('falls back to the spinner when the build has no first paint, or one that does not pass', async () => {
    await writeFirstPaint({ ...testFirstPaint('bad'), scriptHashes: [hashOf('something else')] });
    expect(await (await page('/', 'annie.sid=abc')).text()).toBe(APP_HTML);
    await writeFile(join(voiceDir, 'first-paint.json'), '{not json');
    expect(await (await page('/', 'annie.sid=abc')).text()).toBe(APP_HTML);
    await writeFirstPaint(testFirstPaint('lab', { page: 'call-logs' }));
    expect(await (await page('/', 'annie.sid=abc')).text()).toBe(APP_HTML);
    entry = { name: 'voice', entry: '/remotes/voice/elsewhere/mf-manifest.json', version: 'local' };
    try {
      expect(await (await page('/', 'annie.sid=abc')).text()).toBe(APP_HTML);
    } finally {
      entry = { name: 'voice', entry: '/remotes/voice/mf-manifest.json', version: 'local' };
    }
  });
});

describe('the first paint of a build at a REMOTE_VOICE_ENTRY URL', () => {
  it('is read beside that entry (the same build the page loads), and none when it has none', async () => {
    let served: unknown = testFirstPaint('hosted build');
    const requests: string[] = [];
    const host = new Koa();
    host.use((ctx) => {
      requests.push(ctx.url);
      if (ctx.path !== '/builds/voice/first-paint.json' || !served) return;
      ctx.body = served;
    });
    const server = await listen(host as never, 0, '127.0.0.1');
    const hostEntry = `http://127.0.0.1:${portOf(server)}/builds/voice/mf-manifest.json`;
    try {
      const firstPaints = new FirstPaints(
        { isPublished: async () => false, releaseFile: async () => undefined },
        {},
      );
      const hosted = { name: 'voice' as const, entry: hostEntry, version: 'cdn' };
      expect((await firstPaints.of(hosted))?.html).toContain('hosted build');
      // Kept a while: a page load does not wait for the host each time.
      served = undefined;
      expect((await firstPaints.of(hosted))?.html).toContain('hosted build');
      expect(requests).toEqual(['/builds/voice/first-paint.json']);
      const elsewhere = { ...hosted, entry: hostEntry.replace('/builds/voice/', '/other/') };
      expect(await firstPaints.of(elsewhere)).toBeUndefined();
    } finally {
      await closeGracefully(server, 1_000);
    }
  });
});
