import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AFTER_PAINT_SCRIPT } from '@annie/api-client/contracts/page-scripts';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeGracefully, listen, portOf } from '../../server.ts';
import {
  AFTER_PAINT_SCRIPT_HASH,
  appPageMarkup,
  EARLY_CALL_START_ATTRIBUTE,
  IDLE_VIEW_SCRIPT,
  IDLE_VIEW_SCRIPT_HASH,
  voiceIdleMarkup,
  withRootMarkup,
} from './idle-view.ts';
import { staticFiles } from './static-files.ts';

const APP_HTML =
  '<!doctype html><html><head><title>AnnieAI</title><link rel="preload" href="/api/settings" as="fetch" crossorigin="use-credentials"></head><body><div id="root"><div class="boot-spinner" role="status" aria-label="Loading"></div></div></body></html>';

let baseUrl = '';
let stop: () => Promise<void> = async () => {};

beforeAll(async () => {
  const shellDir = await mkdtemp(join(tmpdir(), 'annie-idle-'));
  await mkdir(shellDir, { recursive: true });
  await writeFile(join(shellDir, 'index.html'), '<!doctype html><h1>AnnieAI Login</h1>');
  await writeFile(join(shellDir, 'app.html'), APP_HTML);
  const app = new Koa();
  app.use(
    staticFiles({
      shellDir,
      remoteDirs: {},
      hasSessionCookie: (ctx) => ctx.get('Cookie').includes('annie.sid='),
      appPageMarkup: appPageMarkup('Ada <b>'),
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

describe("the home page's idle view in app.html", () => {
  it('replaces the spinner at / for a signed-in request, with the assistant name escaped', async () => {
    const response = await page('/', 'annie.sid=abc');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toMatch(/Accept-Encoding/);
    const html = await response.text();
    expect(html).toContain('<h2 class="rt-Heading rt-r-size-6">Hello, I\'m Ada &lt;b&gt;</h2>');
    expect(html).toMatch(/<button [^>]*aria-label="Start call"/);
    expect(html).not.toContain('boot-spinner');
    expect(html).not.toContain('<b>');
    // The settings the page reads come with the view, so the page does not preload them.
    expect(html).toContain('data-assistant-name="Ada &lt;b&gt;"');
    expect(html).not.toContain('/api/settings');
    expect(html.endsWith('</div></body></html>')).toBe(true);
  });

  it('leaves the spinner on every other signed-in page and the login page unchanged', async () => {
    expect(await (await page('/knowledge', 'annie.sid=abc')).text()).toBe(APP_HTML);
    expect(await (await page('/voice', 'annie.sid=abc')).text()).toBe(APP_HTML);
    expect(await (await page('/')).text()).toContain('AnnieAI Login');
  });

  it('has a live Start call button and the page status line, announced as the page announces it', () => {
    const markup = voiceIdleMarkup('James');
    expect(markup).not.toContain('aria-busy');
    const button = markup.match(/<button [^>]*>/)?.[0] ?? '';
    expect(button).toContain('aria-label="Start call"');
    expect(button).not.toMatch(/ disabled|data-disabled/);
    expect(markup).toContain('role="status" aria-label="Call status"');
  });

  it('carries one inline script, the one the CSP hash admits', () => {
    const scripts = [...voiceIdleMarkup('James').matchAll(/<script>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    const digest = createHash('sha256')
      .update(scripts[0]?.[1] ?? '')
      .digest('base64');
    expect(IDLE_VIEW_SCRIPT_HASH).toBe(`'sha256-${digest}'`);
    expect(IDLE_VIEW_SCRIPT).toContain(EARLY_CALL_START_ATTRIBUTE);
  });

  it("holds the head's deferred scripts for the idle view's script to start after the first paint", () => {
    const page = APP_HTML.replace('</head>', '<script defer src="/app/app.js"></script></head>');
    const withView = withRootMarkup(page, voiceIdleMarkup('James'));
    expect(withView).not.toContain('<script defer');
    expect(withView).toContain('<script type="annie/after-paint" src="/app/app.js"></script>');
    expect(withView).toContain(`<script>${AFTER_PAINT_SCRIPT}</script></body>`);
    expect(AFTER_PAINT_SCRIPT).toContain('script[type="annie/after-paint"]');
    const digest = createHash('sha256').update(AFTER_PAINT_SCRIPT).digest('base64');
    expect(AFTER_PAINT_SCRIPT_HASH).toBe(`'sha256-${digest}'`);
    // Other markup leaves them as they are.
    expect(withRootMarkup(page, '<p>x</p>')).toContain('<script defer src="/app/app.js"></script>');
  });

  it('leaves a page without the spinner root as it is', () => {
    expect(withRootMarkup('<p>old build</p>', '<div>x</div>')).toBe('<p>old build</p>');
  });
});
