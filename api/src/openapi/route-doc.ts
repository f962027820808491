import type { Access, ResponseDoc, RouteContract } from '@annie/contracts/route';
import type { Layer } from '@koa/router';

export type { Access, ResponseDoc };

/**
 * A route's entry in GET /api/openapi.json: the documenting part of its contract (`defineRoute`'s
 * declaration), whose zod schemas also parse the request. `access` is checked against the route's real
 * answers by the OpenAPI test (anonymous → 401, a non-admin → 403).
 */
export type RouteDoc = Omit<RouteContract, 'method' | 'path' | 'notFound'>;

const DOC = Symbol('route doc');
type Documented = { [DOC]: RouteDoc };

/** Attaches a route's documentation to one of its middleware, at no cost per request. */
export function withDoc<M extends object>(middleware: M, doc: RouteDoc): M {
  return Object.assign(middleware, { [DOC]: doc } satisfies Documented);
}

/** The documentation of a router layer, if it has some. */
export function docOf(layer: Pick<Layer, 'stack'>): RouteDoc | undefined {
  for (const middleware of layer.stack) {
    if (DOC in middleware) return (middleware as unknown as Documented)[DOC];
  }
  return undefined;
}
