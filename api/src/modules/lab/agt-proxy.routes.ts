import * as contract from '@annie/contracts/agt-routes';
import Router from '@koa/router';
import type { AppState } from '../../http/app-state.ts';
import { defineRoutes, jsonText } from '../../http/define-route.ts';
import { badRequest, HttpError, serviceUnavailable } from '../../lib/http-errors.ts';
import { AGT_NOT_CONFIGURED_MESSAGE, type AgtClient, AgtError } from '../../providers/agt/agt-client.ts';
import { resolveAgtRoute } from '../../providers/agt/agt-routes.ts';

/** How a failed provider call is answered to the browser. */
function toHttpError(error: AgtError): HttpError {
  switch (error.kind) {
    case 'not_configured':
      return serviceUnavailable(error.message);
    case 'timeout':
      return new HttpError(504, 'provider_timeout', error.message);
    case 'rejected':
      // The provider refusing our API key is a server configuration problem, not the caller's.
      if (error.status === 401 || error.status === 403) {
        return new HttpError(502, 'provider_error', 'The chemistry provider refused the configured API key');
      }
      return new HttpError(error.status ?? 502, 'provider_rejected', error.message);
    default:
      return new HttpError(502, 'provider_error', error.message);
  }
}

/**
 * POST /api/agt/proxy {path, method, body}: forwards one of the mapped chemistry paths, with its fixed
 * method, to the configured provider. Anything else is refused with 400 before any request is made.
 */
export function agtProxyRoutes(agt: AgtClient) {
  return defineRoutes(new Router<AppState>(), contract, {
    agtProxy: async (_ctx, { body: request }) => {
      const resolved = resolveAgtRoute(request.path, request.method);
      if (!resolved.ok) throw badRequest(resolved.message, 'path_not_allowed');
      const { route } = resolved;
      if (route.method === 'GET' && request.body !== undefined && request.body !== null) {
        throw badRequest('A GET request to the chemistry provider has no body');
      }
      if (!agt.configured) throw serviceUnavailable(AGT_NOT_CONFIGURED_MESSAGE);
      try {
        const answer = await agt.call({
          route,
          body: route.method === 'POST' ? (request.body ?? {}) : undefined,
        });
        // Serialised here so any JSON answer (also null or a bare string) goes out as JSON.
        return { status: 200, body: jsonText(JSON.stringify(answer)) };
      } catch (error) {
        throw error instanceof AgtError ? toHttpError(error) : error;
      }
    },
  });
}
