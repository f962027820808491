import type { Layer } from '@koa/router';
import type { z } from 'zod';

/** Who may call a route: anyone, any signed-in user of a tenant, or an administrator. */
export type Access = 'anonymous' | 'signed-in' | 'admin';

/** One documented response: JSON described by `schema`, or another `contentType` (an event stream, a file). */
export type ResponseDoc = { description: string; schema?: z.ZodType; contentType?: string };

/**
 * A route's entry in GET /api/openapi.json, the part of `defineRoute`'s declaration that documents it: the
 * same zod schemas parse the request. `access` is checked against the route's real answers by the
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
