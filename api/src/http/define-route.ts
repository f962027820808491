import type { Access, Contract, ParamShape, RouteContract } from '@annie/contracts/route';
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

/** The statuses a contract lists (its answers and its documented error answers such as a 503). */
type ListedStatus<C extends RouteContract> = keyof C['responses'] & number;

/**
 * The answer for one listed status: a JSON response's schema input (or `jsonText(…)`), any body for a
 * non-JSON one (`contentType`: text, CSV, audio …), no body for one without a schema (204).
 */
type ResultFor<S, D> = D extends { contentType: string }
  ? { status: S; body: unknown }
  : D extends { schema: infer Z extends z.ZodType }
    ? { status: S; body: z.input<Z> | JsonText }
    : { status: S; body?: undefined };

/** What a handler returns: `{ status, body }` for one of the statuses its contract lists, typed per status. */
export type RouteResult<C extends RouteContract> = {
  [S in ListedStatus<C>]: ResultFor<S, C['responses'][S]>;
}[ListedStatus<C>];

type StreamDoc = { contentType: 'text/event-stream' };

/**
 * Whether a handler may answer by itself instead (`void`): only a WebSocket upgrade (101, the socket
 * is taken over), a redirect (`ctx.redirect` writes its own status and body) or an event stream (the
 * live stream middleware holds the response open).
 */
type AnswersItself<C extends RouteContract> = [
  | Extract<ListedStatus<C>, 101 | 301 | 302 | 303 | 307 | 308>
  | Extract<C['responses'][ListedStatus<C>], StreamDoc>,
] extends [never]
  ? never
  : // biome-ignore lint/suspicious/noConfusingVoidType: an upgrade, a redirect or a stream answers by itself
    void;

/** A handler under a contract: the input parsed, its `{ status, body }` typed from the contract. */
export type ContractHandler<C extends RouteContract> = (
  ctx: RouterContext<AppState>,
  input: ContractInput<C>,
) => RouteResult<C> | AnswersItself<C> | Promise<RouteResult<C> | AnswersItself<C>>;

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

/** A contract's handler, alone or with middleware that runs after the access check and before parsing. */
export type RouteImpl<C extends RouteContract> =
  | ContractHandler<C>
  | (RouteOptions & { handle: ContractHandler<C> });

/** The names a contracts module exports a route contract under (its schemas and constants left out). */
export type ContractName<M> = { [K in keyof M]: M[K] extends Contract ? K : never }[keyof M];

/** A module exporting at least one route contract: anything else (a handler, a schema module) does not compile. */
export type ContractsModule<M> = [ContractName<M>] extends [never] ? never : M;

/** One handler for each contract a contracts module exports, by the contract's export name. */
export type RouteHandlers<M> = {
  [K in ContractName<M>]: M[K] extends Contract<infer C> ? RouteImpl<C> : never;
};

/** Some of a module's handlers (a part of an area, spread into the area's `defineRoutes`). */
export type SomeRouteHandlers<M> = Partial<RouteHandlers<M>>;

/** Whether a value exported by a contracts module is a route contract (what `route()` declares). */
export function isContract(value: unknown): value is Contract {
  if (typeof value !== 'object' || value === null) return false;
  const { method, path, responses } = value as Partial<RouteContract>;
  return typeof method === 'string' && typeof path === 'string' && typeof responses === 'object';
}

/** The route contracts a contracts module exports, by export name. */
export function contractsOf(module: object): [name: string, contract: Contract][] {
  return Object.entries(module).filter((entry): entry is [string, Contract] => isContract(entry[1]));
}

/**
 * Registers every contract a contracts module exports (`import * as contract from
 * '…/contracts/x-routes'`) with its handler: a missing handler or one for no contract does not compile,
 * and each is registered as `defineRoute` below does. The router is given without a prefix: when it has
 * one, it must be the contracts' own.
 */
export function defineRoutes<M extends object>(
  router: Router<AppState>,
  contracts: ContractsModule<M>,
  handlers: RouteHandlers<M>,
): Router<AppState> {
  const byName = handlers as unknown as Record<string, RouteImpl<RouteContract> | undefined>;
  const named = contractsOf(contracts);
  const names = new Set(named.map(([name]) => name));
  const extra = Object.keys(byName).filter((name) => !names.has(name));
  if (extra.length > 0) throw new Error(`No contract for the handlers ${extra.join(', ')}`);
  // A path without params first, so that `/x/events` is never read as `/x/:id` (a stable sort).
  const paramsIn = (path: string) => (path.match(/:/g) ?? []).length;
  named.sort(([, a], [, b]) => paramsIn(a.path) - paramsIn(b.path));
  for (const [name, contract] of named) {
    const impl = byName[name];
    if (!impl) throw new Error(`No handler for the contract ${name} (${contract.method} ${contract.path})`);
    if (typeof impl === 'function') defineRoute(router, contract, {}, impl);
    else defineRoute(router, contract, { before: impl.before }, impl.handle);
  }
  return router;
}

/** The contract's full path relative to the router's prefix (a router may keep its prefix). */
function pathUnder(router: Router<AppState>, path: string): string {
  const prefix = router.opts.prefix;
  if (!prefix) return path;
  if (!path.startsWith(prefix)) throw new Error(`${path} is not under its router's prefix ${prefix}`);
  const rest = path.slice(prefix.length);
  return rest === '' ? '/' : rest;
}

/**
 * Registers a route on `router` from its contract: the access check (`signed-in` → requireAuth,
 * `admin` → also requireAdmin, `anonymous` → none), then `before`, then the params (404), query and
 * body (400, the error handler renders zod's issues) are parsed, the handler gets them typed, and the
 * `{ status, body }` it returns is the answer (checked against the contract outside production).
 */
function defineRoute<C extends RouteContract>(
  router: Router<AppState>,
  spec: C,
  options: RouteOptions,
  handler: ContractHandler<C>,
): void {
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
    } as ContractInput<C>;
    const result = (await handler(ctx, input)) as { status: number; body?: unknown } | undefined;
    if (result === undefined) return;
    ctx.status = result.status;
    if (result.body instanceof JsonText) {
      ctx.type = 'application/json';
      ctx.body = result.body.text;
    } else if (result.body !== undefined) ctx.body = result.body;
    if (checkAnswers) checkAnswer(doc, label, ctx);
  };

  // The document rides on the handler itself rather than on a pass-through middleware of its own.
  const stack = [...guards, ...before, withDoc(parseAndHandle, doc)] as RouterMiddleware<AppState>[];
  router[method](pathUnder(router, path), ...(stack as [RouterMiddleware<AppState>]));
}
