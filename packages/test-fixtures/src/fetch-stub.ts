import type { HttpMethod } from '@annie/api-client/http';
import { vi } from 'vitest';

/** A request the stubbed fetch received. */
export type StubbedRequest = {
  method: HttpMethod;
  /** The path without its query string. */
  path: string;
  query: URLSearchParams;
  /** The values of the route's `:name` segments. */
  params: Record<string, string>;
  /** The JSON body, parsed (a body that is not JSON as its text); undefined without one. */
  body: unknown;
};

/** An answer: a status with a JSON body, or a Response of any kind (a download, a plain-text error). */
export type StubAnswer = { status: number; body?: unknown } | Response;

/** Routes as "METHOD /path/:param" → an answer, or a function of the request giving one (or its promise). */
export type StubRoutes = Record<
  string,
  StubAnswer | ((request: StubbedRequest) => StubAnswer | Promise<StubAnswer>)
>;

/** A JSON Response with the given status (tests only). */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function matchRoute(route: string, method: string, path: string): Record<string, string> | null {
  const [routeMethod, routePath = ''] = route.split(' ');
  if (routeMethod !== method) return null;
  const expected = routePath.split('/');
  const actual = path.split('/');
  if (expected.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of expected.entries()) {
    const value = actual[index] ?? '';
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(value);
    else if (segment !== value) return null;
  }
  return params;
}

/** A JSON body parsed; any other text (e.g. an SDP offer) as it is. */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toResponse(answer: StubAnswer): Response {
  return answer instanceof Response ? answer.clone() : jsonResponse(answer.status, answer.body);
}

/**
 * Replaces the global fetch with an in-memory API until `vi.unstubAllGlobals()`: the first route
 * matching a request answers it; anything else gets the API's 404 body. Records every request.
 */
export function stubFetch(routes: StubRoutes) {
  const requests: StubbedRequest[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET') as HttpMethod;
    const body = typeof init?.body === 'string' ? parseBody(init.body) : undefined;
    for (const [route, answer] of Object.entries(routes)) {
      const params = matchRoute(route, method, url.pathname);
      if (!params) continue;
      const request = { method, path: url.pathname, query: url.searchParams, params, body };
      requests.push(request);
      return toResponse(typeof answer === 'function' ? await answer(request) : answer);
    }
    requests.push({ method, path: url.pathname, query: url.searchParams, params: {}, body });
    return jsonResponse(404, { message: 'Not found', code: 'not_found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    /** The requests received so far, oldest first; only those of `method` when given. */
    requests: (method?: HttpMethod) => requests.filter((request) => !method || request.method === method),
  };
}
