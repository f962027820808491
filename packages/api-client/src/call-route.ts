import type { RouteArgs, RouteCallInput, RouteContract, RouteOutput } from '@annie/contracts/route';
import { routeUrl } from '@annie/contracts/route';
import { apiRequest, type HttpMethod, type RequestOptions } from './http.ts';

/**
 * Calls a route by its contract: the URL from its path, params and query, the JSON body, the identity
 * headers and cookies (`apiRequest`), then the answer parsed with the schema of the status it came
 * with. A non-OK answer throws `ApiError`; an answer its contract does not describe throws too, so a
 * drift between server and browser shows where it happens.
 */
export async function callRoute<C extends RouteContract>(
  contract: C,
  ...[input, options]: RouteArgs<C, RequestOptions>
): Promise<RouteOutput<C>> {
  const given = (input ?? {}) as RouteCallInput<RouteContract> & {
    params?: Record<string, unknown>;
    query?: unknown;
    body?: unknown;
  };
  const method = contract.method.toUpperCase() as HttpMethod;
  const response = await apiRequest(method, routeUrl(contract, given), given.body, options);
  const doc = contract.responses[response.status];
  if (!doc)
    throw new Error(`${method} ${contract.path} answered ${response.status}, which its contract lacks`);
  if (!doc.schema) return undefined as RouteOutput<C>;
  return doc.schema.parse(await response.json()) as RouteOutput<C>;
}
