import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Context, Middleware } from 'koa';
import { sendBuildFile } from './send-build-file.ts';

const REMOTE_PATH = /^\/remotes\/([a-z]+)(\/.*)$/;

type StaticOptions = { shellDir: string; remoteDirs: Record<string, string> };

/**
 * Serves the production builds: the shell at / and each remote at /remotes/<name>/, each file in the
 * Brotli or gzip form the build wrote beside it when the client accepts one (see send-build-file.ts).
 * The SPA fallback answers only page navigations (no file extension), so a missing chunk stays a 404.
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
      await sendBuildFile(ctx, options.shellDir, '/index.html', { cors: false });
    }
  };
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
