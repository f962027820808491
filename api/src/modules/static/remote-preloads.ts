import { publicRouteFor } from '@annie/api-client/contracts/routes';

/** A remote as the registry gives it (GET /api/modules). */
type RegistryRemote = { name: string; entry: string };

/**
 * The Link header values (`rel=preload`) for what the signed-in page opened at a path fetches first from
 * its route's remote: the remote's manifest, which then loads beside app.js instead of a round trip
 * after it has run. Only for an entry on this origin (a path), the way the federation runtime fetch()es
 * it (CORS mode, same-origin credentials: `crossorigin`).
 *
 * Not the entry script or the page's chunks: a script preload that fails (the remote down when the page
 * loaded) stays what the page's later request for that script gets, so Retry could not recover the
 * remote without a reload (e2e shell.spec "Retry recovers"); a failed fetch preload is not reused.
 */
export function remotePreloads(remotes: () => readonly RegistryRemote[]) {
  return function preloadsFor(pathname: string): string[] {
    const route = publicRouteFor(pathname);
    const entry = route && remotes().find((candidate) => candidate.name === route.remote)?.entry;
    if (!entry?.startsWith('/') || entry.startsWith('//')) return [];
    return [`<${entry}>; rel=preload; as=fetch; crossorigin`];
  };
}
