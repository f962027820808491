// A route's contract: where it answers, who may call it, what it reads and what it answers. The server
// registers its handler with it (`defineRoute`: the guard, the parser, the typed answer and the entry in
// GET /api/openapi.json) and the browser calls it (`callRoute`: the URL, the body and the parsed answer),
// so neither side restates the other. Types only from zod: importing a contract costs the browser its
// schemas and a few strings, nothing else.
import type { z } from 'zod';

/** Who may call a route: anyone, any signed-in user of a tenant, or an administrator. */
export type Access = 'anonymous' | 'signed-in' | 'admin';

export type RouteMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One documented response: JSON described by `schema`, or another `contentType` (an event stream, a file). */
export type ResponseDoc = { description: string; schema?: z.ZodType; contentType?: string };

export type ParamShape = Record<string, z.ZodType>;

/** The contract itself: plain data, the same object on both sides. */
export type RouteContract = {
  method: RouteMethod;
  /** The full path, `:name` for each path param (e.g. `/api/knowledge/notes/:id`). */
  path: string;
  summary: string;
  description?: string;
  access: Access;
  /** Path params with a schema (e.g. `z.uuid()`); the others are strings. One that fails it answers 404. */
  params?: ParamShape;
  query?: z.ZodType;
  body?: z.ZodType;
  responses: Record<number, ResponseDoc>;
  /** Error statuses the handler answers, with when. 400 (query/body), 401/403 (access), 404 (params) and 503 are added. */
  errors?: Record<number, string>;
  /** The 404 message when a path param fails its schema (answered like a row that does not exist). */
  notFound?: string;
  /** Signed in, but X-Tenant-Id / X-User-Id are not checked (no 403 for a mismatch). */
  skipIdentityHeaders?: boolean;
  /** No session: the caller is a bearer credential (`Authorization: Bearer …`), documented as its security scheme. */
  credential?: 'deploy-token';
  /** A multipart/form-data body the handler reads itself (never parsed as JSON): documented from this schema. */
  multipartBody?: z.ZodType;
};

declare const contractBrand: unique symbol;
/** A contract declared with `route()`: only these give a handler a typed answer and the browser a caller. */
export type Contract<C extends RouteContract = RouteContract> = C & { readonly [contractBrand]: true };

/** A route spec that is not a contract (the server's older inline form), told apart by the type alone. */
export type NotAContract = { readonly [contractBrand]?: never };

/** Declares a route's contract, keeping every literal (path, statuses, schemas) in its type. */
/*#__NO_SIDE_EFFECTS__*/
export function route<const C extends RouteContract>(contract: C): Contract<C> {
  return contract as Contract<C>;
}

/** The statuses that are answers rather than errors. */
type SuccessStatus = 101 | 200 | 201 | 202 | 204 | 301 | 302 | 303 | 307 | 308;

type SuccessDocs<C extends RouteContract> = {
  [S in keyof C['responses'] & SuccessStatus]: C['responses'][S];
}[keyof C['responses'] & SuccessStatus];

type SchemaOf<D> = D extends { schema: infer Z extends z.ZodType } ? Z : never;

/** What a successful answer holds once parsed: each JSON answer's schema output; `undefined` for none. */
export type RouteOutput<C extends RouteContract> = [SchemaOf<SuccessDocs<C>>] extends [never]
  ? undefined
  : z.output<SchemaOf<SuccessDocs<C>>> | (SuccessDocs<C> extends { schema: z.ZodType } ? never : undefined);

/** What a handler may return: a JSON answer's schema input, or nothing when an answer has no JSON body. */
export type RouteAnswer<C extends RouteContract> =
  | z.input<SchemaOf<SuccessDocs<C>>>
  // biome-ignore lint/suspicious/noConfusingVoidType: a handler that writes its own body returns nothing
  | (SuccessDocs<C> extends { schema: z.ZodType } ? never : undefined | void);

type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path params a caller gives: each declared param's schema input, a string for the others. */
export type RouteParams<C extends RouteContract> = {
  [K in PathParamNames<C['path']>]: C['params'] extends ParamShape
    ? K extends keyof C['params']
      ? z.input<C['params'][K]>
      : string
    : string;
};

type Field<K extends string, T, Required extends boolean> = [T] extends [never]
  ? unknown
  : Required extends true
    ? { [P in K]: T }
    : { [P in K]?: T };

/**
 * The input a caller gives `callRoute`: params when the path has some, the query, and the body when
 * there is one (what the server's handler receives, parsed, is `ContractInput` in define-route.ts).
 */
export type RouteCallInput<C extends RouteContract> = Field<
  'params',
  [PathParamNames<C['path']>] extends [never] ? never : RouteParams<C>,
  true
> &
  Field<'query', C['query'] extends z.ZodType ? z.input<C['query']> : never, false> &
  Field<'body', C['body'] extends z.ZodType ? z.input<C['body']> : never, true>;

type HasRequired<C extends RouteContract> = [PathParamNames<C['path']>] extends [never]
  ? C['body'] extends z.ZodType
    ? true
    : false
  : true;

/** The arguments after the contract: the input, required only when there are params or a body. */
export type RouteArgs<C extends RouteContract, Options> =
  HasRequired<C> extends true
    ? [input: RouteCallInput<C>, options?: Options]
    : [input?: RouteCallInput<C>, options?: Options];

/** The path with each `:name` replaced by its encoded value. */
export function routePath(contract: RouteContract, params: Record<string, unknown> = {}): string {
  return contract.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${contract.path} needs the "${name}" param`);
    return encodeURIComponent(String(value));
  });
}

/** The URL a request to this route goes to: its path with the params, then the query's defined values. */
export function routeUrl(
  contract: RouteContract,
  input: { params?: Record<string, unknown>; query?: unknown } = {},
): string {
  const path = routePath(contract, input.params);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
