import { bodyParser } from '@koa/bodyparser';
import cors from '@koa/cors';
import Koa from 'koa';
import type { Logger } from 'pino';
import type { AppConfig } from './config/env.ts';
import type { Orm } from './db/orm.ts';
import type { Pool } from './db/pool.ts';
import { apiNotFound } from './middleware/api-not-found.ts';
import { compressResponses } from './middleware/compress-responses.ts';
import { errorHandler } from './middleware/error-handler.ts';
import { requestContext } from './middleware/request-context.ts';
import { requestLogger } from './middleware/request-logger.ts';
import { sameOriginGuard } from './middleware/same-origin-guard.ts';
import { originsOf, securityHeaders } from './middleware/security-headers.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import type { AppState } from './modules/auth/auth-context.ts';
import { LoginRateLimiter } from './modules/auth/login-rate-limiter.ts';
import { SESSION_COOKIE, sessionMiddleware } from './modules/auth/session-middleware.ts';
import { PostgresSessionStore } from './modules/auth/session-store.ts';
import { featureModules } from './modules/feature-modules.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { modulesRoutes } from './modules/modules-registry/modules.routes.ts';
import { staticFiles } from './modules/static/static-files.ts';

export type AppDeps = {
  config: AppConfig;
  orm: Orm;
  pool: Pool;
  logger: Logger;
  sessionKeys: string[];
  staticDirs?: { shellDir: string; remoteDirs: Record<string, string> };
};

export type AppServices = { sessionStore: PostgresSessionStore; loginLimiter: LoginRateLimiter };

/** Builds the Koa app; tests call this with their own database, `main` listens on it. */
export function createApp(deps: AppDeps): { app: Koa<AppState>; services: AppServices } {
  const { config, orm, pool, logger } = deps;
  const app = new Koa<AppState>({ proxy: config.TRUST_PROXY, keys: deps.sessionKeys });
  const remoteOrigins = originsOf(config.remotes.map((remote) => remote.entry));
  const trustedOrigins = [...new Set([...config.CORS_ORIGINS, ...remoteOrigins])];
  const sessionStore = new PostgresSessionStore(pool);
  const loginLimiter = new LoginRateLimiter(pool, {
    perUser: config.LOGIN_MAX_ATTEMPTS_PER_USER,
    perIp: config.LOGIN_MAX_ATTEMPTS_PER_IP,
    windowSeconds: config.LOGIN_WINDOW_SECONDS,
  });

  app.silent = true;
  app.use(requestContext(orm));
  app.use(requestLogger(logger));
  app.use(compressResponses());
  app.use(errorHandler(logger));
  app.use(securityHeaders(trustedOrigins));
  app.use(
    cors({
      origin: (ctx) => {
        const origin = ctx.get('Origin');
        return trustedOrigins.includes(origin) ? origin : '';
      },
      credentials: true,
      allowHeaders: ['Content-Type', 'X-Tenant-Id', 'X-User-Id'],
    }),
  );
  app.use(sameOriginGuard(trustedOrigins));
  app.use(apiNotFound());
  if (deps.staticDirs) {
    app.use(
      staticFiles({
        ...deps.staticDirs,
        // The signature is checked (no database read): a stale cookie still gets app.html, which then
        // finds no session and shows the login screen.
        hasSessionCookie: (ctx) => Boolean(ctx.cookies.get(SESSION_COOKIE, { signed: true })),
      }),
    );
  }
  app.use(
    bodyParser({
      enableTypes: ['json'],
      jsonLimit: config.BODY_LIMIT_BYTES,
      encoding: 'utf-8',
      onError: (error) => {
        throw error;
      },
    }),
  );
  app.use(sessionMiddleware(app, { store: sessionStore, ttlMs: config.SESSION_TTL_HOURS * 3_600_000 }));

  for (const router of [
    healthRoutes(pool),
    modulesRoutes(config.remotes),
    authRoutes(loginLimiter),
    ...featureModules.flatMap((module) => module.routes({ config, orm, pool, logger })),
  ]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }

  return { app, services: { sessionStore, loginLimiter } };
}
