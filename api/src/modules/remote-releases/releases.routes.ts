import { remoteRegistryResponseSchema } from '@annie/api-client/contracts/remote-registry';
import {
  activateReleaseRequestSchema,
  autoRollbackRequestSchema,
  publishUrlReleaseRequestSchema,
  remoteLoadErrorRequestSchema,
  remoteReleasesSchema,
} from '@annie/api-client/contracts/remote-releases';
import { REMOTE_NAMES } from '@annie/api-client/contracts/remotes';
import Router from '@koa/router';
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import { z } from 'zod';
import type { AppConfig } from '../../config/env.ts';
import type { Pool } from '../../db/pool.ts';
import type { AppState } from '../../http/app-state.ts';
import { defineRoute } from '../../http/define-route.ts';
import type { RemoteRegistry } from '../../http/remote-registry.ts';
import { tooManyRequests } from '../../lib/http-errors.ts';
import { fetchHostedBuild } from './hosted-build.ts';
import { recordLoadError } from './load-errors.ts';
import { isOperatorAdmin, knownRemote, remoteParams, requireOperatorAdmin } from './operator-access.ts';
import { listReleases } from './release.queries.ts';
import {
  activateRelease,
  type PublishHost,
  publishRelease,
  rollbackRelease,
  setAutoRollback,
} from './release.service.ts';

const LOAD_ERRORS_PER_MINUTE = 20;

type ReleasesDeps = {
  pool: Pool;
  config: AppConfig;
  registry: RemoteRegistry;
  host: () => PublishHost;
};

const releasesQuerySchema = z.object({ remote: z.enum(REMOTE_NAMES).optional() });

/**
 * GET /api/modules: where each remote's entry lives for the caller (the active release, their canary
 * share's, or the configured entry); the release registry behind it, for the operator's administrators;
 * and the shell's reports of remotes that failed to load.
 */
export function releasesRoutes({ pool, config, registry, host }: ReleasesDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/modules' });
  const loadErrorLimiter = new RateLimiterPostgres({
    storeClient: pool,
    storeType: 'pool',
    tableName: 'login_rate_limit',
    tableCreated: true,
    clearExpiredByTimeout: false,
    keyPrefix: 'remote_load_error',
    points: LOAD_ERRORS_PER_MINUTE,
    duration: 60,
  });

  defineRoute(
    router,
    {
      method: 'get',
      path: '/',
      summary:
        "Where each remote's entry lives for the caller (the shell loads the remotes from here), and whether this is a sandbox",
      description:
        'A signed-in user in a canary share gets the canary version (`canary: true`), the same one on every request.',
      access: 'anonymous',
      responses: { 200: { description: 'The remotes', schema: remoteRegistryResponseSchema } },
    },
    async (ctx) => {
      const userId = ctx.session?.userId as string | undefined;
      // Per user (a canary), and must reach the shell fresh after an activation.
      ctx.set('Cache-Control', 'private, no-cache');
      const answer = await registry.forUser(userId);
      ctx.body =
        userId && (await isOperatorAdmin(pool, config, userId))
          ? { ...answer, manageReleases: true }
          : answer;
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/releases',
      summary: "Every remote's releases, active version, canary, load failures and the audit log",
      access: 'admin',
      query: releasesQuerySchema,
      responses: { 200: { description: 'The releases', schema: remoteReleasesSchema } },
      before: [requireOperatorAdmin(pool, config)],
    },
    async (ctx, { query }) => {
      ctx.body = await listReleases(pool, config.remotes, query.remote);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/releases',
      summary:
        'Register a build hosted elsewhere (its mf-manifest.json URL) as a new version; does not activate it',
      access: 'admin',
      body: publishUrlReleaseRequestSchema,
      responses: { 201: { description: 'Published', schema: remoteReleasesSchema } },
      errors: {
        409: 'That version is already published',
        422: 'The build does not fit the shell (each reason named)',
      },
      before: [requireOperatorAdmin(pool, config)],
    },
    async (ctx, { body: input, auth }) => {
      const publishHost = host();
      const hosted = await fetchHostedBuild(input.url, publishHost.allowedOrigins);
      await publishRelease(
        pool,
        { ...input, publishedBy: auth.username, storage: 'url', ...hosted },
        publishHost,
      );
      ctx.status = 201;
      ctx.body = await listReleases(pool, config.remotes, input.remote);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/releases/:remote/activate',
      summary: 'Activate a published version for everyone, or as a canary for a share of users',
      access: 'admin',
      params: remoteParams,
      body: activateReleaseRequestSchema,
      responses: { 200: { description: 'The remote now', schema: remoteReleasesSchema } },
      errors: { 409: 'That version is already active' },
      before: [knownRemote(), requireOperatorAdmin(pool, config)],
    },
    async (ctx, { params: { remote }, body, auth }) => {
      await activateRelease(pool, { remote, ...body, actor: auth.username });
      ctx.body = await listReleases(pool, config.remotes, remote);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/releases/:remote/rollback',
      summary: 'End the canary, or else return to the version active before this one',
      access: 'admin',
      params: remoteParams,
      responses: { 200: { description: 'The remote now', schema: remoteReleasesSchema } },
      errors: { 409: 'No release is active' },
      before: [knownRemote(), requireOperatorAdmin(pool, config)],
    },
    async (ctx, { params: { remote }, auth }) => {
      await rollbackRelease(pool, { remote, actor: auth.username });
      ctx.body = await listReleases(pool, config.remotes, remote);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/releases/:remote/auto-rollback',
      summary: 'Turn automatic rollback on or off for one remote',
      access: 'admin',
      params: remoteParams,
      body: autoRollbackRequestSchema,
      responses: { 200: { description: 'The remote now', schema: remoteReleasesSchema } },
      before: [knownRemote(), requireOperatorAdmin(pool, config)],
    },
    async (ctx, { params: { remote }, body, auth }) => {
      await setAutoRollback(pool, { remote, enabled: body.enabled, actor: auth.username });
      ctx.body = await listReleases(pool, config.remotes, remote);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/load-errors',
      summary: "Report that a remote's version failed to load in this browser",
      description:
        'Kept only when the registry served the caller that version. A newly activated version (or canary) that enough of the users served it (a minimum number and a share) fail to load within minutes is rolled back by itself, unless automatic rollback is off for the remote.',
      access: 'signed-in',
      body: remoteLoadErrorRequestSchema,
      responses: {
        202: {
          description: 'Recorded',
          schema: z.object({ recorded: z.boolean(), rolledBack: z.string().optional() }),
        },
      },
      errors: { 429: 'Too many reports from this user' },
    },
    async (ctx, { body: report, auth }) => {
      const { userId } = auth;
      try {
        await loadErrorLimiter.consume(userId);
      } catch (refusal) {
        // The limiter rejects with an Error when its store fails, with its state when out of points.
        if (refusal instanceof Error) throw refusal;
        throw tooManyRequests(60);
      }
      ctx.status = 202;
      ctx.body = await recordLoadError(pool, userId, report, {
        failures: config.RELEASE_ROLLBACK_FAILURES,
        sharePercent: config.RELEASE_ROLLBACK_SHARE_PERCENT,
        windowMinutes: config.RELEASE_ROLLBACK_WINDOW_MINUTES,
      });
    },
  );

  return router;
}
