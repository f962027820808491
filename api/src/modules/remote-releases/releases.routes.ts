import type * as contract from '@annie/contracts/remote-releases-routes';
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import type { AppConfig } from '../../config/env.ts';
import type { Pool } from '../../db/pool.ts';
import type { SomeRouteHandlers } from '../../http/define-route.ts';
import type { RemoteRegistry } from '../../http/remote-registry.ts';
import { tooManyRequests } from '../../lib/http-errors.ts';
import { fetchHostedBuild } from './hosted-build.ts';
import { loadErrorChart } from './load-error-chart.queries.ts';
import { recordLoadError } from './load-errors.ts';
import { isOperatorAdmin, knownRemote, requireOperatorAdmin } from './operator-access.ts';
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

/**
 * GET /api/remotes: where each remote's entry lives for the caller (the active release, their canary
 * share's, or the configured entry); the release registry behind it, for the operator's administrators;
 * and the shell's reports of remotes that failed to load.
 */
export function releasesHandlers({ pool, config, registry, host }: ReleasesDeps) {
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

  return {
    readRemoteRegistry: async (ctx) => {
      const userId = ctx.session?.userId;
      // Per user (a canary, the operator's tenant), and must reach the shell fresh after an activation.
      ctx.set('Cache-Control', 'private, no-cache');
      const answer = await registry.forUser(userId ? { userId, tenantId: ctx.session?.tenantId } : undefined);
      return {
        status: 200,
        body:
          userId && (await isOperatorAdmin(pool, config, userId))
            ? { ...answer, manageReleases: true }
            : answer,
      };
    },
    listRemoteReleases: {
      before: [requireOperatorAdmin(pool, config)],
      handle: async (_ctx, { query }) => {
        return { status: 200, body: await listReleases(pool, config.remotes, query.remote) };
      },
    },
    readRemoteLoadErrors: {
      before: [knownRemote(), requireOperatorAdmin(pool, config)],
      handle: async (_ctx, { params: { remote } }) => {
        return { status: 200, body: await loadErrorChart(pool, remote) };
      },
    },
    publishUrlRelease: {
      before: [requireOperatorAdmin(pool, config)],
      handle: async (_ctx, { body: input, auth }) => {
        const publishHost = host();
        const hosted = await fetchHostedBuild(input.url, {
          maxBytes: config.RELEASE_UPLOAD_MAX_BYTES,
          privateOrigins: config.RELEASE_URL_TEST_ORIGINS,
        });
        await publishRelease(
          pool,
          { ...input, publishedBy: auth.username, storage: 'url', ...hosted },
          publishHost,
        );
        return { status: 201, body: await listReleases(pool, config.remotes, input.remote) };
      },
    },
    activateRemoteRelease: {
      before: [knownRemote(), requireOperatorAdmin(pool, config)],
      handle: async (_ctx, { params: { remote }, body, auth }) => {
        await activateRelease(pool, { remote, ...body, actor: auth.username });
        return { status: 200, body: await listReleases(pool, config.remotes, remote) };
      },
    },
    rollbackRemoteRelease: {
      before: [knownRemote(), requireOperatorAdmin(pool, config)],
      handle: async (_ctx, { params: { remote }, auth }) => {
        await rollbackRelease(pool, { remote, actor: auth.username });
        return { status: 200, body: await listReleases(pool, config.remotes, remote) };
      },
    },
    setRemoteAutoRollback: {
      before: [knownRemote(), requireOperatorAdmin(pool, config)],
      handle: async (_ctx, { params: { remote }, body, auth }) => {
        await setAutoRollback(pool, { remote, enabled: body.enabled, actor: auth.username });
        return { status: 200, body: await listReleases(pool, config.remotes, remote) };
      },
    },
    reportRemoteLoadError: async (_ctx, { body: report, auth }) => {
      const { userId } = auth;
      try {
        await loadErrorLimiter.consume(userId);
      } catch (refusal) {
        // The limiter rejects with an Error when its store fails, with its state when out of points.
        if (refusal instanceof Error) throw refusal;
        throw tooManyRequests(60);
      }
      return {
        status: 202,
        body: await recordLoadError(pool, userId, report, {
          failures: config.RELEASE_ROLLBACK_FAILURES,
          sharePercent: config.RELEASE_ROLLBACK_SHARE_PERCENT,
          windowMinutes: config.RELEASE_ROLLBACK_WINDOW_MINUTES,
        }),
      };
    },
  } satisfies SomeRouteHandlers<typeof contract>;
}
