import type { Access, Contract, ParamShape, RouteAnswer, RouteContract } from '@annie/contracts/route';
import type Router from '@koa/router';
import type { RouterContext, RouterMiddleware } from '@koa/router';
import type { Middleware } from 'koa';
import type { z } from 'zod';
import { notFound } from '../lib/http-errors.ts';
import { type RouteDoc, withDoc } from '../openapi/route-doc.ts';
import type { AppState, AuthContext } from './app-state.ts';
import { requireAdmin, requireAuth } from './require-auth.ts';

type Schema = z.ZodType | undefined;

type Parsed<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

/** The handler's input, already checked: typed params, query and body, and the caller. */
export type RouteInput<A extends Access, P extends ParamShape, Q extends Schema, B extends Schema> = {
  params: { [K in keyof P]: z.output<P[K]> };
  query: Parsed<Q>;
  body: Parsed<B>;
  auth: A extends 'anonymous' ? AuthContext | undefined : AuthContext;
};

/**
 * A JSON answer the database already wrote as text (`json_agg` …): sent as is, never parsed and
 * serialized again. Its shape is the contract's word only, so in tests and development every such
 * answer is parsed with the contract's schema like any other (`checkAnswers`).
 */
export class JsonText {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** Wraps JSON text built by the database as a handler's answer. */
export const jsonText = (text: string): JsonText => new JsonText(text);

/** The handler's input under a contract: its declared params, query and body, parsed, and the caller. */
export type ContractInput<C extends RouteContract> = RouteInput<
  C['access'],
  C['params'] extends ParamShape ? C['params'] : Record<never, z.ZodType>,
  C['query'] extends z.ZodType ? C['query'] : undefined,
  C['body'] extends z.ZodType ? C['body'] : undefined
>;

/**
 * A handler under a contract returns its answer (typed from the contract's success responses; it sets
 * `ctx.status` for one that is not 200), `jsonText(…)`, or nothing when it wrote a non-JSON body itself.
 */
export type ContractHandler<C extends RouteContract> = (
  ctx: RouterContext<AppState>,
  input: ContractInput<C>,
) => RouteAnswer<C> | JsonText | Promise<RouteAnswer<C> | JsonText>;

/** Server-only parts of a route: middleware after the access check and before parsing (a rate limit, a raw body). */
export type RouteOptions = { before?: Middleware<AppState>[] };

/**
 * Whether every answer is parsed with its contract before it leaves (tests and development): a handler
 * whose answer drifted from the contract fails loudly there instead of surprising the browser. Off in
 * production, where it would only cost time.
 */
const checkAnswers = process.env.NODE_ENV !== 'production';

function checkAnswer(doc: RouteDoc, label: string, ctx: RouterContext<AppState>): void {
  if (ctx.status >= 400) return;
  const response = doc.responses[ctx.status];
  if (!response) throw new Error(`${label} answered ${ctx.status}, which its contract does not list`);
  if (!response.schema || response.contentType) return;
  let body: unknown = ctx.body;
  if (typeof body === 'string') body = JSON.parse(body);
  else if (body === null || body === undefined || typeof body !== 'object' || Buffer.isBuffer(body)) return;
  else if (typeof (body as { pipe?: unknown }).pipe === 'function') return;
  const parsed = response.schema.safeParse(JSON.parse(JSON.stringify(body)));
  if (!parsed.success) {
    throw new Error(`${label} answered ${ctx.status} unlike its contract: ${parsed.error.message}`);
  }
}

/** The contract's full path relative to the router's prefix (a router may keep its prefix). */
function pathUnder(router: Router<AppState>, path: string): string {
  const prefix = router.opts.prefix;
  if (!prefix || !path.startsWith(prefix)) return path;
  const rest = path.slice(prefix.length);
  return rest === '' ? '/' : rest;
}

/**
 * Registers a route on `router` from its contract: the access check (`signed-in` → requireAuth,
 * `admin` → also requireAdmin, `anonymous` → none), then `before`, then the params (404), query and
 * body (400, the error handler renders zod's issues) are parsed, the handler gets them typed, and what
 * it returns is the answer (checked against the contract outside production).
 */
export function defineRoute<C extends RouteContract>(
  router: Router<AppState>,
  contract: Contract<C>,
  handler: ContractHandler<C>,
): void;
export function defineRoute<C extends RouteContract>(
  router: Router<AppState>,
  contract: Contract<C>,
  options: RouteOptions,
  handler: ContractHandler<C>,
): void;
export function defineRoute(
  router: Router<AppState>,
  spec: RouteContract,
  optionsOrHandler: RouteOptions | ((ctx: RouterContext<AppState>, input: never) => unknown),
  lastHandler?: (ctx: RouterContext<AppState>, input: never) => unknown,
): void {
  const options = typeof optionsOrHandler === 'function' ? {} : optionsOrHandler;
  const handler = (typeof optionsOrHandler === 'function' ? optionsOrHandler : lastHandler) as (
    ctx: RouterContext<AppState>,
    input: unknown,
  ) => unknown;
  const { method, path, notFound: notFoundMessage, ...doc } = spec;
  const before = options.before ?? [];
  const label = `${method.toUpperCase()} ${path}`;
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
    };
    const answer = await handler(ctx, input);
    if (answer instanceof JsonText) {
      ctx.type = 'application/json';
      ctx.body = answer.text;
    } else if (answer !== undefined) ctx.body = answer;
    if (checkAnswers) checkAnswer(doc, label, ctx);
  };

  // The document rides on the handler itself rather than on a pass-through middleware of its own.
  const stack = [...guards, ...before, withDoc(parseAndHandle, doc)] as RouterMiddleware<AppState>[];
  router[method](pathUnder(router, path), ...(stack as [RouterMiddleware<AppState>]));
}
