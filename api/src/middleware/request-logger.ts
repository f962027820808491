import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { AppState } from '../http/app-state.ts';

/**
 * One structured line per request. It records method, path (without the query string, which may
 * carry tokens), status, duration and ids; never headers, cookies or bodies.
 */
export function requestLogger(logger: Logger): Middleware<AppState> {
  return async function logRequest(ctx, next) {
    const started = performance.now();
    try {
      await next();
    } finally {
      // A 4xx is the client's mistake, not the server's: only 5xx are logged as errors.
      const level = ctx.status >= 500 ? 'error' : 'info';
      // Below the configured level the line is not even built (nor its request id made).
      if (logger.isLevelEnabled(level))
        logger[level]({
          requestId: ctx.state.requestId,
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
          userId: ctx.state.auth?.userId,
          tenantId: ctx.state.auth?.tenantId,
        });
    }
  };
}
