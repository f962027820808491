// The shell's routes (it renders them) and the server's too (it preloads the opened route's remote with
// the page). The page names each remote's `./app` exports are the remote list's (`REMOTE_PAGES`): each
// remote's export-app.tsx is checked against them, and so is every route below.
import type { RemoteName, RemotePageName } from './remotes.ts';

/** Where a route's screen comes from: a page of a remote's `./app`, or the Voice Console's `./console`. */
export type RemoteTarget =
  | { [R in RemoteName]: { remote: R; module: './app'; page: RemotePageName<R> } }[RemoteName]
  | { remote: 'voice'; module: './console'; page: 'console' };

export type RemoteRoute = RemoteTarget & {
  /** A react-router path; `/*` hands the rest of the URL to the page. */
  path: string;
  /** Only admins may open it; others get the 404 card and the module is never fetched. */
  adminOnly?: boolean;
};

/** Every authenticated route served by a remote (the shell itself owns the legal pages and the 404). */
export const ROUTE_TABLE: readonly RemoteRoute[] = [
  { path: '/', remote: 'voice', module: './app', page: 'realtime' },
  { path: '/call', remote: 'voice', module: './app', page: 'call' },
  { path: '/voice', remote: 'voice', module: './app', page: 'voice' },
  { path: '/call-logs', remote: 'voice', module: './app', page: 'call-logs' },
  { path: '/voice/console', remote: 'voice', module: './console', page: 'console', adminOnly: true },
  { path: '/sms', remote: 'messaging', module: './app', page: 'threads' },
  { path: '/sms/:phone', remote: 'messaging', module: './app', page: 'thread' },
  { path: '/contacts', remote: 'messaging', module: './app', page: 'contacts' },
  { path: '/contacts/:id', remote: 'messaging', module: './app', page: 'contact' },
  { path: '/conversations', remote: 'messaging', module: './app', page: 'conversations' },
  { path: '/lab/*', remote: 'lab', module: './app', page: 'lab' },
  { path: '/knowledge', remote: 'knowledge', module: './app', page: 'knowledge' },
  { path: '/google', remote: 'workspace', module: './app', page: 'google' },
  { path: '/google/success', remote: 'workspace', module: './app', page: 'success' },
  { path: '/google/error', remote: 'workspace', module: './app', page: 'error' },
];

/** The id `loadRemote` takes, e.g. `voice/app` or `voice/console`. */
export function remoteModuleId(target: RemoteTarget): string {
  return `${target.remote}/${target.module.slice(2)}`;
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/**
 * Whether `pathname` is one of `pattern`'s paths, the way react-router matches the route table's
 * patterns: `:name` is any one segment, a final `/*` any rest, letters in any case, a trailing slash
 * allowed.
 */
export function routeMatches(pattern: string, pathname: string): boolean {
  const wanted = segmentsOf(pattern);
  const given = segmentsOf(pathname);
  const rest = wanted.at(-1) === '*';
  if (rest) wanted.pop();
  if (rest ? given.length < wanted.length : given.length !== wanted.length) return false;
  return wanted.every((segment, index) => {
    const actual = given[index] ?? '';
    return segment.startsWith(':') || segment.toLowerCase() === actual.toLowerCase();
  });
}

/** The route a signed-in page load at `pathname` opens, leaving out admin-only routes; none for others. */
export function publicRouteFor(pathname: string): RemoteRoute | undefined {
  return ROUTE_TABLE.find((route) => !route.adminOnly && routeMatches(route.path, pathname));
}
