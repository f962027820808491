import * as contract from '@annie/contracts/remote-releases-routes';
import Router from '@koa/router';
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import type { AppConfig } from '../../config/env.ts';
import type { Pool } from '../../db/pool.ts';
import type { AppState } from '../../http/app-state.ts';
import { defineRoute } from '../../http/define-route.ts';
import { forbidden, tooManyRequests } from '../../lib/http-errors.ts';
import { verifyPassword } from '../../lib/password.ts';
import { passwordHashOf } from '../users/index.ts';
import { knownRemote, requireOperatorAdmin } from './operator-access.ts';
import { listReleases } from './release.queries.ts';
import { approveRelease, releaseChanges, setTokenApproves } from './release-approval.ts';
import { issueGrant, requireFreshGrant } from './release-grant.ts';

// A page that can send this endpoint requests could try passwords: few tries, then a wait.
const CONFIRMATIONS_PER_WINDOW = 5;
const WINDOW_SECONDS = 600;

/**
 * The second key: an operator administrator confirms their password (a grant for the Remote releases
 * page, a few minutes long), reads what a token's version changes, and approves it for every tenant.
 */
export function approvalRoutes({ pool, config }: { pool: Pool; config: AppConfig }): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/modules' });
  const operator = requireOperatorAdmin(pool, config);
  const limiter = new RateLimiterPostgres({
    storeClient: pool,
    storeType: 'pool',
    tableName: 'login_rate_limit',
    tableCreated: true,
    clearExpiredByTimeout: false,
    keyPrefix: 'release_password',
    points: CONFIRMATIONS_PER_WINDOW,
    duration: WINDOW_SECONDS,
  });

  defineRoute(
    router,
    contract.confirmReleasesPassword,
    { before: [operator] },
    async (ctx, { body, auth }) => {
      try {
        await limiter.consume(auth.userId);
      } catch (refusal) {
        if (refusal instanceof Error) throw refusal;
        throw tooManyRequests(WINDOW_SECONDS);
      }
      const hash = await passwordHashOf(pool, { tenantId: auth.tenantId, userId: auth.userId });
      if (!hash || !(await verifyPassword(hash, body.password))) throw forbidden('That is not your password');
      return issueGrant(ctx);
    },
  );

  defineRoute(
    router,
    contract.readReleaseChanges,
    { before: [knownRemote(), operator] },
    async (_ctx, { params: { remote, version } }) => releaseChanges(pool, remote, version),
  );

  defineRoute(
    router,
    contract.approveRemoteRelease,
    { before: [knownRemote(), operator, requireFreshGrant()] },
    async (_ctx, { params: { remote }, body, auth }) => {
      await approveRelease(pool, { remote, version: body.version, actor: auth.username });
      return await listReleases(pool, config.remotes, remote);
    },
  );

  defineRoute(
    router,
    contract.setTokenApproves,
    { before: [knownRemote(), operator, requireFreshGrant()] },
    async (_ctx, { params: { remote }, body, auth }) => {
      await setTokenApproves(pool, { remote, enabled: body.enabled, actor: auth.username });
      return await listReleases(pool, config.remotes, remote);
    },
  );

  return router;
}
