import type { Middleware } from 'koa';
import { RELEASES_PAGE_PATH } from './release-grant.ts';

/**
 * The Remote releases page, loaded as a document, in a browsing-context group of its own: every page has
 * `Cross-Origin-Opener-Policy: same-origin` (helmet's), this one also `Cross-Origin-Embedder-Policy:
 * require-corp`, a policy no other page shares. The browser then severs any window that opened it (a
 * remote's code in another page of the app could otherwise script it) and gives it
 * `crossOriginIsolated`, which the screen checks before it asks for the password. The page loads no
 * remote (the screen is the shell's own), only same-origin files, which COEP allows.
 */
export function releasesPageIsolation(): Middleware {
  return async function isolateReleasesPage(ctx, next) {
    await next();
    if (ctx.method !== 'GET' || ctx.path !== RELEASES_PAGE_PATH || !ctx.response.is('html')) return;
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    ctx.set('Cross-Origin-Embedder-Policy', 'require-corp');
  };
}
