import { agtProxyRequestSchema } from '@annie/api-client/contracts/agt';
import { anyJsonSchema } from '@annie/api-client/contracts/json';
import Router from '@koa/router';
import type { AppState } from '../../http/app-state.ts';
import { defineRoute } from '../../http/define-route.ts';
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
export function agtProxyRoutes(agt: AgtClient): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/agt' });

  defineRoute(
    router,
    {
      method: 'post',
      path: '/proxy',
      summary: 'Forward one mapped chemistry request to the configured provider',
      access: 'signed-in',
      body: agtProxyRequestSchema,
      responses: { 200: { description: "The provider's JSON answer, as is", schema: anyJsonSchema } },
      errors: {
        400: 'The path or method is not one of the mapped ones',
        502: 'The provider failed, or refused the configured API key',
        503: 'The provider is not configured (AGT_BASE_URL, AGT_API_KEY), or the database is briefly unavailable',
        504: 'The provider did not answer in time',
      },
    },
    async (ctx, { body: request }) => {
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
        ctx.type = 'application/json';
        ctx.body = JSON.stringify(answer);
      } catch (error) {
        throw error instanceof AgtError ? toHttpError(error) : error;
      }
    },
  );

  return router;
}
