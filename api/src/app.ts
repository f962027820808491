import { bodyParser } from '@koa/bodyparser';
import Koa from 'koa';
import type { Logger } from 'pino';
import type { ApiModule, ModuleDeps } from './api-module.ts';
import { type Background, backgroundOf } from './background.ts';
import type { AppConfig } from './config/env.ts';
import type { Orm } from './db/orm.ts';
import type { Pool } from './db/pool.ts';
import type { AppState } from './http/app-state.ts';
import { pathAliases } from './http/path-aliases.ts';
import { RemoteRegistry } from './http/remote-registry.ts';
import { SessionConnections } from './http/session/session-connections.ts';
import { sessionMiddleware, verifiedSessionId } from './http/session/session-middleware.ts';
import { PostgresSessionStore } from './http/session/session-store.ts';
import { InstanceLifecycle } from './instance/instance-lifecycle.ts';
import { JobSender } from './jobs/job-sender.ts';
import { JobWorkers } from './jobs/job-workers.ts';
import { LiveHub } from './live/live-hub.ts';
import { apiNotFound } from './middleware/api-not-found.ts';
import { compressResponses } from './middleware/compress-responses.ts';
import { crossOrigin } from './middleware/cross-origin.ts';
import { errorHandler } from './middleware/error-handler.ts';
import { requestContext } from './middleware/request-context.ts';
import { requestLogger } from './middleware/request-logger.ts';
import { sameOriginGuard } from './middleware/same-origin-guard.ts';
import { originsOf, securityHeaders } from './middleware/security-headers.ts';
import {
  deployTokenGate,
  registryReader,
  releaseFiles,
  releasesPageIsolation,
} from './modules/remote-releases/index.ts';
import {
  AFTER_PAINT_SCRIPT_HASH,
  APPEARANCE_SCRIPT_HASH,
  FirstPaints,
  homeFirstPaint,
  remotePreloads,
  staticFiles,
} from './modules/static/index.ts';
import { modules } from './modules.ts';
import { observeRequests } from './observability/index.ts';
import { observedApp } from './observability/observed-app.ts';
import { openApiRoutes } from './openapi/openapi.routes.ts';

export type AppDeps = {
  config: AppConfig;
  orm: Orm;
  pool: Pool;
  logger: Logger;
  sessionKeys: string[];
  staticDirs?: { shellDir: string; remoteDirs: Record<string, string> };
  /** The modules to serve: all of them (modules.ts) unless a test narrows it. */
  modules?: ApiModule[];
};

export type BuiltApp = {
  app: Koa<AppState>;
  /** What the modules were created with (tests drive background work with it). */
  deps: ModuleDeps;
  background: Background;
};

/** `read` called once per request (the first call's promise is kept for that request's context). */
function perRequest<T>(read: (ctx: Koa.Context) => Promise<T>): (ctx: Koa.Context) => Promise<T> {
  const answers = new WeakMap<Koa.Context, Promise<T>>();
  return (ctx) => {
    let answer = answers.get(ctx);
    if (!answer) {
      answer = read(ctx);
      answers.set(ctx, answer);
    }
    return answer;
  };
}

/** Builds the Koa app and creates each module once for it; tests call this with their own database, `main` listens on it. */
export function createApp(appDeps: AppDeps): BuiltApp {
  const { config, orm, pool, logger } = appDeps;
  const live = new LiveHub(pool, logger, config.DATABASE_DIRECT_URL);
  const appModules = appDeps.modules ?? modules;
  const deps: ModuleDeps = {
    config,
    orm,
    pool,
    logger,
    jobs: new JobSender(pool, config, logger),
    workers: new JobWorkers(pool, config, logger),
    live,
    connections: new SessionConnections(pool, live, logger),
    remotes: new RemoteRegistry(registryReader(pool), config.remotes, { sandbox: config.ANNIE_SANDBOX }),
    retention: appModules.flatMap((module) => module.retention ?? []),
    lifecycle: new InstanceLifecycle(),
  };
  const instances = appModules.map((module) => module.create(deps));
  // Behind proxies, only the entries they appended are believed: the left-most ones are the client's to choose.
  const app = new Koa<AppState>({
    proxy: config.TRUST_PROXY,
    maxIpsCount: config.TRUST_PROXY_HOPS,
    keys: appDeps.sessionKeys,
  });
  const remoteOrigins = originsOf(config.remotes.map((remote) => remote.entry));
  const trustedOrigins = [...new Set([...config.CORS_ORIGINS, ...remoteOrigins])];
  const sessionStore = new PostgresSessionStore(pool);
  const singleKey = appDeps.sessionKeys.length === 1;

  app.silent = true;
  app.use(observeRequests());
  app.use(requestContext(orm));
  app.use(requestLogger(logger));
  app.use(compressResponses());
  app.use(errorHandler(logger));
  app.use(pathAliases());
  // The inline scripts every page may carry: one starts a page's scripts after its first paint (the login
  // page's, a first-painted page's), one applies the appearance before it (every page of the shell's
  // build). A remote's first paint adds its own scripts' hashes to the response that carries it
  // (home-first-paint.ts), from the version that user gets.
  app.use(securityHeaders(trustedOrigins, [AFTER_PAINT_SCRIPT_HASH, APPEARANCE_SCRIPT_HASH]));
  app.use(crossOrigin(trustedOrigins));
  app.use(sameOriginGuard(trustedOrigins));
  app.use(apiNotFound());
  app.use(deployTokenGate());
  app.use(
    releaseFiles(pool, deps.remotes, {
      cacheBytes: config.RELEASE_FILE_CACHE_BYTES,
      maxBytes: config.RELEASE_UPLOAD_MAX_BYTES,
      privateOrigins: config.RELEASE_URL_TEST_ORIGINS,
    }),
  );
  app.use(releasesPageIsolation());
  if (appDeps.staticDirs) {
    // The versions this user gets (canary share included): the session's user, read as the page's own
    // first API call will read it (the store keeps it for that call); once per page request.
    const usersRemotes = perRequest(async (ctx: Koa.Context) => {
      const id = verifiedSessionId(ctx, singleKey);
      const session = id ? (sessionStore.cached(id) ?? (await sessionStore.get(id))) : undefined;
      const user = session?.userId ? { userId: session.userId, tenantId: session.tenantId } : undefined;
      return (await deps.remotes.forUser(user)).remotes;
    });
    const firstPaints = new FirstPaints(deps.remotes, appDeps.staticDirs.remoteDirs, (problem) =>
      logger.warn({ problem }, 'A first paint is not used'),
    );
    app.use(
      staticFiles({
        ...appDeps.staticDirs,
        // The signature is checked (no database read): a stale cookie still gets app.html, which then
        // finds no session and shows the login screen.
        hasSessionCookie: (ctx) => Boolean(verifiedSessionId(ctx, singleKey)),
        appPagePreloads: remotePreloads(usersRemotes),
        // The home page's first paint, from the build of its remote this user gets, painted before app.js
        // runs (the assistant's name is a setting).
        appPageFirstPaint: homeFirstPaint({
          remotes: usersRemotes,
          firstPaints,
          assistantName: config.ASSISTANT_NAME,
        }),
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
  app.use(
    sessionMiddleware({
      store: sessionStore,
      ttlMs: config.SESSION_TTL_HOURS * 3_600_000,
      absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
      singleKey,
    }),
  );

  const routers = instances.flatMap((instance) => instance.routers);
  routers.push(openApiRoutes(() => routers));
  for (const router of routers) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }

  // The session cache lives as long as the hub tells this process about changes made by the others.
  const sessionCache = {
    routers: [],
    start: async () => {
      const unlisten = await sessionStore.listen(deps.live);
      return async () => unlisten();
    },
  };
  return {
    app,
    deps,
    background: backgroundOf([...instances, sessionCache, observedApp(deps)], deps),
  };
}
