import type Router from '@koa/router';
import type { RouterContext, RouterMiddleware } from '@koa/router';
import type { Middleware } from 'koa';
import type { z } from 'zod';
import { notFound } from '../lib/http-errors.ts';
import { type Access, type RouteDoc, withDoc } from '../openapi/route-doc.ts';
import type { AppState, AuthContext } from './app-state.ts';
import { requireAdmin, requireAuth } from './require-auth.ts';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type ParamShape = Record<string, z.ZodType>;
type Schema = z.ZodType | undefined;

/**
 * One route: where it answers, who may call it, what it reads and what it answers. The same object
 * is the route's guard, its parser and its entry in GET /api/openapi.json, so they cannot drift.
 */
export type RouteSpec<A extends Access, P extends ParamShape, Q extends Schema, B extends Schema> = Omit<
  RouteDoc,
  'access' | 'params' | 'query' | 'body'
> & {
  method: Method;
  path: string;
  access: A;
  /** Path params and their schemas. One that fails its schema names no row: 404 with `notFound`. */
  params?: P;
  query?: Q;
  body?: B;
  /** The 404 message when a path param fails its schema (answered like a row that does not exist). */
  notFound?: string;
  /** Middleware that runs after the access check and before parsing (a rate limit, a raw body). */
  before?: Middleware<AppState>[];
};

type Parsed<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

/** The handler's input, already checked: typed params, query and body, and the caller. */
export type RouteInput<A extends Access, P extends ParamShape, Q extends Schema, B extends Schema> = {
  params: { [K in keyof P]: z.output<P[K]> };
  query: Parsed<Q>;
  body: Parsed<B>;
  auth: A extends 'anonymous' ? AuthContext | undefined : AuthContext;
};

export type RouteHandler<A extends Access, P extends ParamShape, Q extends Schema, B extends Schema> = (
  ctx: RouterContext<AppState>,
  input: RouteInput<A, P, Q, B>,
) => unknown;

/**
 * Registers a route on `router`: the access check (`signed-in` → requireAuth, `admin` → also
 * requireAdmin, `anonymous` → none), then `before`, then the params (404), query and body (400, the
 * error handler renders zod's issues) are parsed, and the handler gets them typed.
 */
export function defineRoute<
  A extends Access,
  P extends ParamShape = Record<never, z.ZodType>,
  Q extends Schema = undefined,
  B extends Schema = undefined,
>(router: Router<AppState>, spec: RouteSpec<A, P, Q, B>, handler: RouteHandler<A, P, Q, B>): void {
  const { method, path, notFound: notFoundMessage, before = [], ...doc } = spec;
  const guards: Middleware<AppState>[] =
    spec.access === 'anonymous' ? [] : [requireAuth({ checkIdentityHeaders: !spec.skipIdentityHeaders })];
  if (spec.access === 'admin') guards.push(requireAdmin());

  const parseAndHandle: RouterMiddleware<AppState> = async (ctx) => {
    const params = {} as Record<string, unknown>;
    for (const [name, schema] of Object.entries(spec.params ?? {})) {
      const parsed = schema.safeParse(ctx.params[name]);
      if (!parsed.success) throw notFound(notFoundMessage ?? 'Not found');
      params[name] = parsed.data;
    }
    const input = {
      params,
      query: spec.query?.parse(ctx.query),
      body: spec.body?.parse(ctx.request.body ?? {}),
      auth: ctx.state.auth,
    } as RouteInput<A, P, Q, B>;
    await handler(ctx, input);
  };

  // The document rides on the handler itself rather than on a pass-through middleware of its own.
  const stack = [...guards, ...before, withDoc(parseAndHandle, doc)] as RouterMiddleware<AppState>[];
  router[method](path, ...(stack as [RouterMiddleware<AppState>]));
}
