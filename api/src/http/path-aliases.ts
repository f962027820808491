import type { Middleware } from 'koa';

/**
 * A path prefix that was renamed: requests under the old spelling are answered as under the current one
 * for one release, marked deprecated, so a client built before the rename (a shell still open in a
 * browser, a remote's CI calling `scripts/release.mjs` of an older checkout) keeps working meanwhile.
 */
type PathAlias = {
  /** The old prefix, answered as an alias. */
  old: string;
  /** The prefix the routes are registered under. */
  current: string;
  /** When the old prefix became deprecated (ISO date, UTC): sent as the `Deprecation` date. */
  deprecatedOn: string;
};

/**
 * The remote registry (federated builds: "remotes") was served under `/api/modules`, the word the API
 * uses for its own code units. Its paths are `/api/remotes…` now; remove this alias in the release after.
 */
const PATH_ALIASES: readonly PathAlias[] = [
  { old: '/api/modules', current: '/api/remotes', deprecatedOn: '2026-11-29' },
];

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The deprecated spelling of `path` (a current path), if it has one. */
export function deprecatedPathOf(
  path: string,
  aliases: readonly PathAlias[] = PATH_ALIASES,
): string | undefined {
  const alias = aliases.find(({ current }) => under(path, current));
  return alias ? alias.old + path.slice(alias.current.length) : undefined;
}

/**
 * Answers a deprecated prefix as its current one: the path is rewritten before anything routes or
 * checks on it (the query string is kept), and the answer carries `Deprecation` (RFC 9745: the date the
 * old path was deprecated) and `Link: <current path>; rel="successor-version"`.
 */
export function pathAliases(aliases: readonly PathAlias[] = PATH_ALIASES): Middleware {
  return function answerDeprecatedPath(ctx, next) {
    const alias = aliases.find(({ old }) => under(ctx.path, old));
    if (!alias) return next();
    const current = alias.current + ctx.path.slice(alias.old.length);
    ctx.path = current;
    ctx.set('Deprecation', `@${Math.floor(Date.parse(`${alias.deprecatedOn}T00:00:00Z`) / 1000)}`);
    ctx.set('Link', `<${current}>; rel="successor-version"`);
    return next();
  };
}
