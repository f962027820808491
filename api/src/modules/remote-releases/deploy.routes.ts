import { DEPLOY_TOKEN_DEFAULT_DAYS } from '@annie/contracts/remote-releases';
import type * as contract from '@annie/contracts/remote-releases-routes';
import type { AppConfig } from '../../config/env.ts';
import type { Pool } from '../../db/pool.ts';
import type { SomeRouteHandlers } from '../../http/define-route.ts';
import { conflict } from '../../lib/http-errors.ts';
import { deployTokenOf, requireDeployToken } from './deploy-token-gate.ts';
import { createDeployToken, listDeployTokens, revokeDeployToken } from './deploy-tokens.ts';
import { knownRemote, requireOperatorAdmin } from './operator-access.ts';
import { listReleases } from './release.queries.ts';
import { activateRelease, type PublishHost, publishRelease, rollbackRelease } from './release.service.ts';
import { requireApprovalForToken } from './release-approval.ts';
import { requireFreshGrant } from './release-grant.ts';
import { applyRetention } from './release-retention.ts';
import { readUpload } from './release-upload.ts';

type DeployDeps = { pool: Pool; config: AppConfig; host: () => PublishHost };

/**
 * Deploy tokens (the operator's administrators create, list and revoke them) and what a token may do:
 * publish, activate (or canary), promote and roll back its one remote, at /api/remotes/deploy/:remote.
 */
export function deployHandlers({ pool, config, host }: DeployDeps) {
  const operator = requireOperatorAdmin(pool, config);
  const token = requireDeployToken(pool);

  const grant = requireFreshGrant();

  return {
    listDeployTokens: {
      before: [operator],
      handle: async (_ctx) => {
        return { status: 200, body: { tokens: await listDeployTokens(pool) } };
      },
    },
    createDeployToken: {
      before: [operator, grant],
      handle: async (_ctx, { body, auth }) => {
        const days = body.expiresInDays ?? DEPLOY_TOKEN_DEFAULT_DAYS;
        const expiresAt = new Date(Date.now() + days * 86_400_000);
        return {
          status: 201,
          body: await createDeployToken(pool, {
            remote: body.remote,
            name: body.name,
            expiresAt,
            createdBy: auth.username,
          }),
        };
      },
    },
    revokeDeployToken: {
      before: [operator],
      handle: async (_ctx, { params, auth }) => {
        await revokeDeployToken(pool, params.id, auth.username);
        return { status: 204 };
      },
    },
    uploadDeployRelease: {
      before: [knownRemote(), token],
      handle: async (ctx, { params: { remote } }) => {
        const actor = deployTokenOf(ctx);
        const upload = await readUpload(ctx.req, {
          maxBytes: config.RELEASE_UPLOAD_MAX_BYTES,
          maxFiles: config.RELEASE_UPLOAD_MAX_FILES,
        });
        const { created } = await publishRelease(
          pool,
          {
            remote,
            version: upload.version,
            publishedBy: actor.actor,
            byToken: true,
            storage: 'database',
            files: upload.files,
          },
          host(),
        );
        if (created) await applyRetention(pool, config, remote);
        return { status: created ? 201 : 200, body: await listReleases(pool, config.remotes, remote) };
      },
    },
    deployActivate: {
      before: [knownRemote(), token],
      handle: async (ctx, { params: { remote }, body }) => {
        const { actor } = deployTokenOf(ctx);
        if ((body.percent ?? 100) === 100)
          await requireApprovalForToken(pool, { remote, version: body.version, actor, optional: true });
        await activateRelease(pool, { remote, ...body, actor });
        return { status: 200, body: await listReleases(pool, config.remotes, remote) };
      },
    },
    deployPromote: {
      before: [knownRemote(), token],
      handle: async (ctx, { params: { remote } }) => {
        const canary = (await listReleases(pool, config.remotes, remote)).remotes[0]?.canary;
        if (!canary) throw conflict(`${remote} has no canary to promote`);
        const { actor } = deployTokenOf(ctx);
        await requireApprovalForToken(pool, { remote, version: canary.version, actor });
        await activateRelease(pool, { remote, version: canary.version, actor });
        return { status: 200, body: await listReleases(pool, config.remotes, remote) };
      },
    },
    deployRollback: {
      before: [knownRemote(), token],
      handle: async (ctx, { params: { remote } }) => {
        await rollbackRelease(pool, { remote, actor: deployTokenOf(ctx).actor });
        return { status: 200, body: await listReleases(pool, config.remotes, remote) };
      },
    },
  } satisfies SomeRouteHandlers<typeof contract>;
}
