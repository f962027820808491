import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Context, Middleware, Next } from 'koa';
import type { PageFirstPaint } from './first-paint-markup.ts';
import { sendPageWithMarkup } from './page-with-markup.ts';
import { sendBuildFile } from './send-build-file.ts';

const REMOTE_PATH = /^\/remotes\/([a-z]+)(\/.*)$/;

type StaticOptions = {
  shellDir: string;
  remoteDirs: Record<string, string>;
  /** Whether the request carries a (signed) session cookie: such a page load gets app.html. */
  hasSessionCookie?: (ctx: Context) => boolean;
  /** Link header values preloading what app.html opened at a path fetches first (remote-preloads.ts). */
  appPagePreloads?: (ctx: Context) => string[] | Promise<string[]>;
  /**
   * A remote's first paint app.html opened at a path shows in place of its spinner before any script
   * runs (home-first-paint.ts), with the hashes of its inline scripts for this response's CSP.
   */
  appPageFirstPaint?: (ctx: Context) => Promise<PageFirstPaint | undefined> | PageFirstPaint | undefined;
};

/**
 * Serves the production builds: the shell at / and each remote at /remotes/<name>/, each file in the
 * Brotli or gzip form the build wrote beside it when the client accepts one (see send-build-file.ts).
 * The SPA fallback answers only page navigations (no file extension), so a missing chunk stays a 404:
 * with a session cookie it is app.html (which boots the signed-in app), without one index.html (the
 * login screen rendered at build time, painted before any script runs), or a public page's own HTML.
 */
export function staticFiles(options: StaticOptions): Middleware {
  // Not async: an API request, which it passes on, costs no extra promise.
  return function serveBuilds(ctx, next) {
    if (
      (ctx.method !== 'GET' && ctx.method !== 'HEAD') ||
      ctx.path.startsWith('/api/') ||
      ctx.path === '/api'
    ) {
      return next();
    }
    return serveBuild(ctx, next, options);
  };
}

async function serveBuild(ctx: Context, next: Next, options: StaticOptions): Promise<void> {
  const remote = REMOTE_PATH.exec(ctx.path);
  if (remote) {
    const root = options.remoteDirs[remote[1] ?? ''];
    if (!root) return next();
    return serveFile(ctx, root, remote[2] ?? '/', next, { cors: true });
  }
  if (ctx.path.startsWith('/remotes/')) return next();
  if (extname(ctx.path)) return serveFile(ctx, options.shellDir, ctx.path, next, { cors: false });
  await next();
  if (ctx.status !== 404 || ctx.body != null || !ctx.accepts('html')) return;
  const page = pageFor(ctx, options);
  if (!existsSync(join(options.shellDir, page))) return;
  ctx.vary('Cookie');
  const preloads = page === 'app.html' ? ((await options.appPagePreloads?.(ctx)) ?? []) : [];
  if (preloads.length > 0) ctx.set('Link', preloads.join(', '));
  const firstPaint = page === 'app.html' ? await options.appPageFirstPaint?.(ctx) : undefined;
  if (firstPaint) return sendPageWithMarkup(ctx, join(options.shellDir, page), firstPaint);
  await sendBuildFile(ctx, options.shellDir, `/${page}`, { cors: false });
}

/**
 * The public pages a visitor without a session gets as static HTML (the shell prerenders them): the
 * privacy policy must be readable signed out, for users and for Google's OAuth verification.
 */
const PUBLIC_PAGES: Readonly<Record<string, string>> = {
  '/privacy-policy': 'privacy-policy.html',
  '/terms-of-service': 'terms-of-service.html',
};

function pageFor(ctx: Context, options: StaticOptions): string {
  const signedIn = options.hasSessionCookie?.(ctx) ?? false;
  // A build from before the two pages has only index.html, which boots either way.
  if (signedIn) return existsSync(join(options.shellDir, 'app.html')) ? 'app.html' : 'index.html';
  const publicPage = PUBLIC_PAGES[ctx.path];
  return publicPage && existsSync(join(options.shellDir, publicPage)) ? publicPage : 'index.html';
}

async function serveFile(
  ctx: Context,
  root: string,
  path: string,
  next: () => Promise<unknown>,
  options: { cors: boolean },
): Promise<void> {
  const found = await sendBuildFile(ctx, root, path, options);
  if (!found) {
    ctx.status = 404;
    ctx.body = 'Not found';
    return;
  }
  if (ctx.status === 404) await next();
}
