import { publicRouteFor } from '@annie/contracts/routes';
import type { Context } from 'koa';

/** A remote as the registry gives a user (GET /api/remotes). */
export type RegistryRemote = { name: string; entry: string };

/**
 * The Link header values (`rel=preload`) for what the signed-in page opened at a path fetches first from
 * its route's remote, in the version this request's user gets (their canary share included): the
 * remote's manifest, which then loads beside app.js instead of a round trip after it has run. Only for
 * an entry on this origin (a path), the way the federation runtime fetch()es it (CORS mode, same-origin
 * credentials: `crossorigin`).
 *
 * Not the entry script or the page's chunks: a script preload that fails (the remote down when the page
 * loaded) stays what the page's later requests for that script get, so Retry could not recover the
 * remote without a reload (e2e shell.spec "Retry recovers" fails with them; measured again for issue 34);
 * a failed fetch preload is not reused.
 */
export function remotePreloads(
  remotes: (ctx: Context) => readonly RegistryRemote[] | Promise<readonly RegistryRemote[]>,
) {
  return async function preloadsFor(ctx: Context): Promise<string[]> {
    const route = publicRouteFor(ctx.path);
    if (!route) return [];
    const entry = (await remotes(ctx)).find((candidate) => candidate.name === route.remote)?.entry;
    if (!entry?.startsWith('/') || entry.startsWith('//')) return [];
    return [`<${entry}>; rel=preload; as=fetch; crossorigin`];
  };
}
