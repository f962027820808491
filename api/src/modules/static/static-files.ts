import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';

const HASHED_ASSET = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
// Fixed-name entry files (the shell's boot loads app/app.js) must revalidate; everything else is content-hashed.
const NEVER_CACHED = new Set([
  'index.html',
  'app.js',
  'boot.js',
  'mf-manifest.json',
  'remoteEntry.js',
  'mf-stats.json',
]);
const REMOTE_PATH = /^\/remotes\/([a-z]+)(\/.*)$/;

type StaticOptions = { shellDir: string; remoteDirs: Record<string, string> };

function cacheControl(path: string): string {
  const file = path.split('/').pop() ?? '';
  if (NEVER_CACHED.has(file) || file.endsWith('.html')) return 'no-cache';
  if (HASHED_ASSET.test(file)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=300';
}

/**
 * Serves the production builds: the shell at / and each remote at /remotes/<name>/. Hashed assets
 * are cached for a year; HTML and manifests are revalidated. The SPA fallback answers only page
 * navigations (no file extension), so a missing chunk stays a 404.
 */
export function staticFiles(options: StaticOptions): Middleware {
  return async function serveBuilds(ctx, next) {
    if (
      (ctx.method !== 'GET' && ctx.method !== 'HEAD') ||
      ctx.path.startsWith('/api/') ||
      ctx.path === '/api'
    ) {
      return next();
    }
    const remote = REMOTE_PATH.exec(ctx.path);
    if (remote) {
      const root = options.remoteDirs[remote[1] ?? ''];
      if (!root) return next();
      return serveFile(ctx, root, remote[2] ?? '/', next, { cors: true });
    }
    if (ctx.path.startsWith('/remotes/')) return next();
    if (extname(ctx.path)) return serveFile(ctx, options.shellDir, ctx.path, next, { cors: false });
    await next();
    if (
      ctx.status === 404 &&
      ctx.body == null &&
      ctx.accepts('html') &&
      existsSync(join(options.shellDir, 'index.html'))
    ) {
      ctx.set('Cache-Control', 'no-cache');
      await send(ctx, 'index.html', { root: options.shellDir });
    }
  };
}

async function serveFile(
  ctx: Parameters<Middleware>[0],
  root: string,
  path: string,
  next: () => Promise<unknown>,
  options: { cors: boolean },
): Promise<void> {
  try {
    await send(ctx, path, {
      root,
      index: false,
      hidden: false,
      setHeaders: (res) => {
        res.setHeader('Cache-Control', cacheControl(path));
        res.setHeader('X-Content-Type-Options', 'nosniff');
        if (options.cors) res.setHeader('Access-Control-Allow-Origin', '*');
      },
    });
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 404 || status === 400 || status === 403) {
      ctx.status = 404;
      ctx.body = 'Not found';
      return;
    }
    throw error;
  }
  if (ctx.status === 404) await next();
}
