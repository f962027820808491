import type * as contract from '@annie/contracts/remote-releases-routes';
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import type { AppConfig } from '../../config/env.ts';
import type { Pool } from '../../db/pool.ts';
import type { SomeRouteHandlers } from '../../http/define-route.ts';
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
export function approvalHandlers({ pool, config }: { pool: Pool; config: AppConfig }) {
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

  return {
    confirmReleasesPassword: {
      before: [operator],
      handle: async (ctx, { body, auth }) => {
        try {
          await limiter.consume(auth.userId);
        } catch (refusal) {
          if (refusal instanceof Error) throw refusal;
          throw tooManyRequests(WINDOW_SECONDS);
        }
        const hash = await passwordHashOf(pool, { tenantId: auth.tenantId, userId: auth.userId });
        if (!hash || !(await verifyPassword(hash, body.password)))
          throw forbidden('That is not your password');
        return { status: 200, body: await issueGrant(ctx) };
      },
    },
    readReleaseChanges: {
      before: [knownRemote(), operator],
      handle: async (_ctx, { params: { remote, version } }) => ({
        status: 200,
        body: await releaseChanges(pool, remote, version),
      }),
    },
    approveRemoteRelease: {
      before: [knownRemote(), operator, requireFreshGrant()],
      handle: async (_ctx, { params: { remote }, body, auth }) => {
        await approveRelease(pool, { remote, version: body.version, actor: auth.username });
        return { status: 200, body: await listReleases(pool, config.remotes, remote) };
      },
    },
    setTokenApproves: {
      before: [knownRemote(), operator, requireFreshGrant()],
      handle: async (_ctx, { params: { remote }, body, auth }) => {
        await setTokenApproves(pool, { remote, enabled: body.enabled, actor: auth.username });
        return { status: 200, body: await listReleases(pool, config.remotes, remote) };
      },
    },
  } satisfies SomeRouteHandlers<typeof contract>;
}
