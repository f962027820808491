import type { Layer, RouterMiddleware } from '@koa/router';
import type { z } from 'zod';
import type { AppState } from '../http/app-state.ts';

/** Who may call a route: anyone, any signed-in user of a tenant, or an administrator. */
export type Access = 'anonymous' | 'signed-in' | 'admin';

/** One documented response: JSON described by `schema`, or another `contentType` (an event stream, a file). */
export type ResponseDoc = { description: string; schema?: z.ZodType; contentType?: string };

/**
 * A route's entry in GET /api/openapi.json, written where the route is registered. Name the same zod
 * schemas the handler parses with. `access` is checked against the route's real answers by the
 * OpenAPI test (anonymous → 401, a non-admin → 403).
 */
export type RouteDoc = {
  summary: string;
  description?: string;
  access: Access;
  /** Path params with a schema (e.g. `z.uuid()`); the others are documented as strings. */
  params?: Record<string, z.ZodType>;
  query?: z.ZodType;
  body?: z.ZodType;
  responses: Record<number, ResponseDoc>;
  /** Error statuses the handler answers, with when. 400 (query/body), 401/403 (access), 404 (params) and 503 are added. */
  errors?: Record<number, string>;
  /** Signed in, but X-Tenant-Id / X-User-Id are not checked (no 403 for a mismatch). */
  skipIdentityHeaders?: boolean;
};

const DOC = Symbol('route doc');
type Documented = { [DOC]: RouteDoc };

/**
 * The route's documentation, as its first middleware (it does nothing at request time):
 * `router.get('/jobs/:id', routeDoc({...}), requireAuth(), handler)`.
 */
export function routeDoc(doc: RouteDoc): RouterMiddleware<AppState> {
  const passThrough: RouterMiddleware<AppState> = (_ctx, next) => next();
  return Object.assign(passThrough, { [DOC]: doc } satisfies Documented);
}

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
