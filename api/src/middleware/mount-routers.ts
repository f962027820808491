import type Router from '@koa/router';
import type { Middleware } from 'koa';
import compose from 'koa-compose';

/** The literal start of a layer's path (before any parameter, wildcard, group or escape), lowercased. */
function literalHead(path: unknown): string {
  if (typeof path !== 'string') return '';
  const end = path.search(/[:*{}()[\]\\?+]/);
  return (end === -1 ? path : path.slice(0, end)).toLowerCase();
}

/** The fewest heads that cover every layer of a router ('' when one layer can match any path). */
function headsOf<S>(router: Router<S>): string[] {
  const heads = [...new Set(router.stack.map((layer) => literalHead(layer.path)))].sort();
  return heads.filter((head, index) => !heads.slice(0, index).some((shorter) => head.startsWith(shorter)));
}

/**
 * Mounts the domains' routers so a request only runs those that can match its path, instead of passing
 * through every router's dispatch (and an allowedMethods wrapper per router) in turn.
 *
 * Same behaviour as `app.use(router.routes()); app.use(router.allowedMethods())` for each router in order:
 * - a router is skipped only when no layer's literal path start (compared case-insensitively, as the
 *   routes' regexps are) begins the request path, so its own match would have found nothing; a router
 *   whose layer starts with a pattern, or a path with non-ASCII characters, always runs;
 * - the routers that can match run in their order, each with the next as its `next`;
 * - one allowedMethods handler (405 / OPTIONS / 501) wraps them: every router's handler reads the same
 *   `ctx.matched` and the same default method list, and only the innermost one ever acted (it sets the
 *   status, and the outer ones act only on a 404). `ctx.matched` is an array after routing, as before.
 */
export function mountRouters<S>(routers: Router<S>[]): Middleware & { routers: Router<S>[] } {
  const methods = new Set(routers.map((router) => router.methods.join()));
  if (methods.size > 1) throw new Error('mountRouters: every router must implement the same methods');
  const table = routers.map((router, index) => ({
    index,
    heads: headsOf(router),
    routes: router.routes() as Middleware,
  }));
  const everyRouter = compose(table.map((entry) => entry.routes));
  const chains = new Map<string, Middleware>();
  const allowedMethods = (routers[0]?.allowedMethods() ?? ((_ctx, next) => next())) as Middleware;

  function chainFor(path: string): Middleware {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point
    if (/[^\x00-\x7f]/.test(path)) return everyRouter;
    const lower = path.toLowerCase();
    let key = '';
    const candidates: Middleware[] = [];
    for (const entry of table) {
      if (entry.heads.some((head) => lower.startsWith(head))) {
        key += `${entry.index},`;
        candidates.push(entry.routes);
      }
    }
    let chain = chains.get(key);
    if (!chain) {
      chain = compose(candidates);
      chains.set(key, chain);
    }
    return chain;
  }

  const dispatch: Middleware = (ctx, next) => {
    const routed = ctx as typeof ctx & { matched?: unknown[]; newRouterPath?: string; routerPath?: string };
    // Each router's dispatch leaves ctx.matched an array even when nothing matched (allowedMethods reads it).
    routed.matched ??= [];
    return chainFor(routed.newRouterPath || ctx.path || routed.routerPath || '')(ctx, next);
  };
  // The routers it serves, for whoever inspects the app's middleware (the OpenAPI coverage test).
  return Object.assign(compose([allowedMethods, dispatch]), { routers });
}
