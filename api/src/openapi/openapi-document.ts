import { apiErrorBodySchema } from '@annie/contracts/errors';
import type { Layer } from '@koa/router';
import { deprecatedPathOf } from '../http/path-aliases.ts';
import { SESSION_COOKIE } from '../http/session/session-middleware.ts';
import { namedSchemas } from './named-schemas.ts';
import { type Access, docOf, type ResponseDoc, type RouteDoc } from './route-doc.ts';
import { type JsonSchema, SchemaComponents } from './schema-components.ts';

export type OpenApiOperation = Record<string, unknown> & { 'x-access': Access };
export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: Record<string, unknown>;
};

/** A registered route: one method of one router layer, with its documentation if it has some. */
export type RegisteredRoute = { method: string; path: string; doc: RouteDoc | undefined };

const DOCUMENTED_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Every (method, path) the routers answer, read from their layers (HEAD and OPTIONS are implied). */
export function registeredRoutes(
  routers: { stack: Pick<Layer, 'stack' | 'methods' | 'path'>[] }[],
): RegisteredRoute[] {
  return routers.flatMap((router) =>
    router.stack.flatMap((layer) =>
      layer.methods
        .map((method) => method.toLowerCase())
        .filter((method) => DOCUMENTED_METHODS.has(method))
        .map((method) => ({ method, path: openApiPath(String(layer.path)), doc: docOf(layer) })),
    ),
  );
}

/** `/jobs/:id` and `/profiles/{*rest}` (the router's syntax) as OpenAPI's `/jobs/{id}`, `/profiles/{rest}`. */
export function openApiPath(path: string): string {
  const openApi = path.replace(/\{\*(\w+)\}/g, '{$1}').replace(/:(\w+)/g, '{$1}');
  return openApi.length > 1 ? openApi.replace(/\/$/, '') : openApi;
}

function parameters(components: SchemaComponents, path: string, doc: RouteDoc): unknown[] {
  const inPath = [...path.matchAll(/\{(\w+)\}/g)].map(([, name = '']) => {
    const schema = doc.params?.[name];
    return {
      name,
      in: 'path',
      required: true,
      schema: schema ? components.of(schema, 'input') : { type: 'string' },
    };
  });
  if (!doc.query) return inPath;
  const query = components.spelledOut(doc.query, 'input') as { properties?: JsonSchema; required?: string[] };
  const inQuery = Object.entries(query.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: query.required?.includes(name) ?? false,
    schema,
  }));
  return [...inPath, ...inQuery];
}

/** Errors a route can answer given its access, params, query and body, then its own. */
function errors(doc: RouteDoc): Record<number, string> {
  const implied: Record<number, string> = {};
  if (doc.query || doc.body) implied[400] = 'The request is not valid; `issues` names each field';
  if (doc.credential === 'deploy-token') {
    implied[401] = 'No deploy token, or an unknown, expired or revoked one';
    implied[403] = 'A deploy token of another remote';
  }
  if (doc.access !== 'anonymous') implied[401] = 'Not signed in';
  if (doc.access === 'admin') implied[403] = 'Administrator access required';
  else if (doc.access === 'signed-in' && !doc.skipIdentityHeaders)
    implied[403] = 'X-Tenant-Id or X-User-Id does not match the session';
  if (doc.params) implied[404] = 'Not found (also for a malformed id)';
  implied[503] = 'The database is briefly unavailable; retry after Retry-After seconds';
  return { ...implied, ...doc.errors };
}

function response(components: SchemaComponents, { description, schema, contentType }: ResponseDoc): unknown {
  if (!schema && !contentType) return { description };
  const media = schema ? { schema: components.of(schema, 'output') } : {};
  return { description, content: { [contentType ?? 'application/json']: media } };
}

/** How the caller proves who they are: a deploy token, the session cookie, or nothing. */
function securityOf(doc: RouteDoc): Record<string, string[]>[] {
  if (doc.credential === 'deploy-token') return [{ deployToken: [] }];
  return doc.access === 'anonymous' ? [] : [{ session: [] }];
}

/** A multipart body's schema: its open-ended parts (the files) are binary. */
function multipartSchema(schema: JsonSchema): JsonSchema {
  const parts = (schema as { additionalProperties?: unknown }).additionalProperties;
  if (typeof parts !== 'object' || parts === null) return schema;
  return { ...schema, additionalProperties: { ...parts, format: 'binary' } };
}

function requestBody(components: SchemaComponents, doc: RouteDoc): Record<string, unknown> {
  const content: Record<string, unknown> = {};
  if (doc.body) content['application/json'] = { schema: components.of(doc.body, 'input') };
  if (doc.multipartBody)
    content['multipart/form-data'] = {
      schema: multipartSchema(components.spelledOut(doc.multipartBody, 'input')),
      encoding: { version: { contentType: 'text/plain' } },
    };
  return Object.keys(content).length > 0 ? { requestBody: { required: true, content } } : {};
}

function operation(
  components: SchemaComponents,
  { method, path, doc }: RegisteredRoute & { doc: RouteDoc },
): OpenApiOperation {
  const responses: Record<string, unknown> = {};
  const error = components.of(apiErrorBodySchema, 'output');
  for (const [status, description] of Object.entries(errors(doc))) {
    responses[status] = { description, content: { 'application/json': { schema: error } } };
  }
  for (const [status, spec] of Object.entries(doc.responses)) {
    responses[status] = response(components, spec);
  }
  return {
    operationId:
      method +
      path.replace(/[^A-Za-z0-9]+(.)?/g, (_, next: string | undefined) => (next ?? '').toUpperCase()),
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    tags: [path.startsWith('/api/') ? (path.split('/')[2] ?? 'api') : 'health'],
    'x-access': doc.access,
    security: securityOf(doc),
    parameters: parameters(components, path, doc),
    ...requestBody(components, doc),
    responses,
  };
}

/** The operations of `path` as its deprecated alias documents them: the same, marked deprecated. */
function deprecatedAlias(
  methods: Record<string, OpenApiOperation>,
  path: string,
): Record<string, OpenApiOperation> {
  return Object.fromEntries(
    Object.entries(methods).map(([method, spec]) => [
      method,
      {
        ...spec,
        operationId: `${spec.operationId}Deprecated`,
        deprecated: true,
        description: `Deprecated alias of ${method.toUpperCase()} ${path}, answered the same for one release (with \`Deprecation\` and \`Link: <…>; rel="successor-version"\` headers); call ${path}.`,
      },
    ]),
  );
}

/**
 * The OpenAPI 3.1 document of the routers' documented routes, built from the zod schemas they name.
 * Each operation says who may call it in `x-access` (anonymous, signed-in, admin) besides `security`.
 * The schemas in `namedSchemas` are components every operation refers to.
 */
export function openApiDocument(routes: RegisteredRoute[]): OpenApiDocument {
  const docs = routes.flatMap(({ doc }) => (doc ? [doc] : []));
  const components = new SchemaComponents(namedSchemas, {
    input: docs.flatMap((doc) => [
      doc.body,
      doc.multipartBody,
      doc.query,
      ...Object.values(doc.params ?? {}),
    ]),
    output: [
      apiErrorBodySchema,
      ...docs.flatMap((doc) => Object.values(doc.responses).map((response) => response.schema)),
    ],
  });
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    if (!route.doc) continue;
    const methods = paths[route.path] ?? {};
    methods[route.method] = operation(components, { ...route, doc: route.doc });
    paths[route.path] = methods;
  }
  for (const [path, methods] of Object.entries(paths)) {
    const deprecated = deprecatedPathOf(path);
    if (deprecated) paths[deprecated] = deprecatedAlias(methods, path);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'AnnieAI API',
      version: '1',
      description:
        "Every error is JSON `{message, code, issues?}`. Signed-in routes use the session cookie set by POST /api/login; the tenant is always the session's, never a header's.",
    },
    paths,
    components: {
      schemas: components.schemas(),
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        deployToken: {
          type: 'http',
          scheme: 'bearer',
          description:
            "A remote's deploy token (`annie_deploy_…`), created on the Remote releases screen or with remote:token create: it releases that one remote, on /api/remotes/deploy/<remote>/… only.",
        },
      },
    },
  };
}
