import { LOGIN_PATH } from '@annie/contracts/auth-paths';
import type { Middleware } from 'koa';
import { httpRequests, loginFailures, rateLimited } from './metrics.ts';
import { endSpan, SpanKind, startSpan, withSpan } from './tracing.ts';

// What a request served by no route (a static file, a 404) is counted as: never its path.
const UNMATCHED = 'unmatched';

/** The route template @koa/router matched (`/api/contacts/:id`), never the path itself. */
function routeOf(ctx: { _matchedRoute?: unknown }): string {
  const route = ctx._matchedRoute;
  return typeof route === 'string' ? route : UNMATCHED;
}

/**
 * The first middleware: one histogram sample per request (method, route template, status) and, with
 * tracing on, the request's span, active for everything below it (its log lines carry its trace id).
 */
export function observeRequests(): Middleware {
  return async function observeRequest(ctx, next) {
    const started = performance.now();
    const span = startSpan(
      `${ctx.method} request`,
      { 'http.request.method': ctx.method },
      { kind: SpanKind.SERVER },
    );
    try {
      await withSpan(span, next);
    } finally {
      const route = routeOf(ctx as never);
      const status = ctx.status;
      httpRequests.observe(
        { method: ctx.method, route, status: String(status) },
        (performance.now() - started) / 1000,
      );
      if (status === 429) rateLimited.inc({ route });
      if (route === LOGIN_PATH && ctx.method === 'POST' && (status === 401 || status === 429))
        loginFailures.inc({ reason: status === 429 ? 'rate_limited' : 'refused' });
      if (span) {
        span.updateName(`${ctx.method} ${route}`);
        span.setAttributes({ 'http.route': route, 'http.response.status_code': status });
        endSpan(span, status >= 500 ? new Error(`answered ${status}`) : undefined);
      }
    }
  };
}
