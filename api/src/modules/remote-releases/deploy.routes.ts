import {
  activateReleaseRequestSchema,
  createDeployTokenRequestSchema,
  createdDeployTokenSchema,
  deployTokensSchema,
  remoteReleasesSchema,
} from '@annie/api-client/contracts/remote-releases';
import Router from '@koa/router';
import { z } from 'zod';
import type { AppConfig } from '../../config/env.ts';
import type { Pool } from '../../db/pool.ts';
import type { AppState } from '../../http/app-state.ts';
import { defineRoute } from '../../http/define-route.ts';
import { conflict } from '../../lib/http-errors.ts';
import { deployTokenOf, requireDeployToken } from './deploy-token-gate.ts';
import { createDeployToken, listDeployTokens, revokeDeployToken } from './deploy-tokens.ts';
import { knownRemote, remoteParams, requireOperatorAdmin } from './operator-access.ts';
import { listReleases } from './release.queries.ts';
import { activateRelease, type PublishHost, publishRelease, rollbackRelease } from './release.service.ts';
import { applyRetention } from './release-retention.ts';
import { readUpload } from './release-upload.ts';

type DeployDeps = { pool: Pool; config: AppConfig; host: () => PublishHost };

const TOKEN_NOTE =
  'Authenticated by a deploy token of this remote (`Authorization: Bearer annie_deploy_…`), not a session.';

/**
 * Deploy tokens (the operator's administrators create, list and revoke them) and what a token may do:
 * publish, activate (or canary), promote and roll back its one remote, at /api/modules/deploy/:remote.
 */
export function deployRoutes({ pool, config, host }: DeployDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/modules' });
  const operator = requireOperatorAdmin(pool, config);
  const token = requireDeployToken(pool);

  defineRoute(
    router,
    {
      method: 'get',
      path: '/tokens',
      summary: 'Every deploy token (never its secret): its remote, expiry, last use, revocation',
      access: 'admin',
      responses: { 200: { description: 'The tokens', schema: deployTokensSchema } },
      before: [operator],
    },
    async (ctx) => {
      ctx.body = { tokens: await listDeployTokens(pool) };
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/tokens',
      summary: 'Create a deploy token for one remote; its secret is in this answer only',
      access: 'admin',
      body: createDeployTokenRequestSchema,
      responses: { 201: { description: 'Created', schema: createdDeployTokenSchema } },
      before: [operator],
    },
    async (ctx, { body, auth }) => {
      const expiresAt = body.expiresInDays ? new Date(Date.now() + body.expiresInDays * 86_400_000) : null;
      ctx.status = 201;
      ctx.body = await createDeployToken(pool, {
        remote: body.remote,
        name: body.name,
        expiresAt,
        createdBy: auth.username,
      });
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/tokens/:id/revoke',
      summary: 'Revoke a deploy token: refused from the next request on, on every instance',
      access: 'admin',
      params: { id: z.uuid() },
      notFound: 'No such deploy token',
      responses: { 204: { description: 'Revoked (or already revoked)' } },
      before: [operator],
    },
    async (ctx, { params, auth }) => {
      await revokeDeployToken(pool, params.id, auth.username);
      ctx.status = 204;
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/deploy/:remote/releases',
      summary:
        "Publish a build of the token's remote (multipart: `version` and one part per file, named by its path)",
      description: `${TOKEN_NOTE} Checked like remote:publish; the same content again is a no-op (200), other content for a published version a 409. Does not activate.`,
      access: 'anonymous',
      params: remoteParams,
      responses: {
        200: { description: 'Already published with this content', schema: remoteReleasesSchema },
        201: { description: 'Published', schema: remoteReleasesSchema },
      },
      errors: {
        401: 'No deploy token, or an unknown, expired or revoked one',
        403: 'A token of another remote',
        409: 'That version is published with other content',
        413: 'Too large or too many files',
        415: 'Not multipart/form-data',
        422: 'The build does not fit the shell (each reason named)',
      },
      before: [knownRemote(), token],
    },
    async (ctx, { params: { remote } }) => {
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
          storage: 'database',
          files: upload.files,
        },
        host(),
      );
      if (created) await applyRetention(pool, config, remote);
      ctx.status = created ? 201 : 200;
      ctx.body = await listReleases(pool, config.remotes, remote);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/deploy/:remote/activate',
      summary:
        "Activate a published version of the token's remote, for everyone or as a canary (`percent` 1–99)",
      description: TOKEN_NOTE,
      access: 'anonymous',
      params: remoteParams,
      body: activateReleaseRequestSchema,
      responses: { 200: { description: 'The remote now', schema: remoteReleasesSchema } },
      before: [knownRemote(), token],
    },
    async (ctx, { params: { remote }, body }) => {
      await activateRelease(pool, { remote, ...body, actor: deployTokenOf(ctx).actor });
      ctx.body = await listReleases(pool, config.remotes, remote);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/deploy/:remote/promote',
      summary: "Promote the token's remote's canary to everyone",
      description: TOKEN_NOTE,
      access: 'anonymous',
      params: remoteParams,
      responses: { 200: { description: 'The remote now', schema: remoteReleasesSchema } },
      errors: { 409: 'No canary to promote' },
      before: [knownRemote(), token],
    },
    async (ctx, { params: { remote } }) => {
      const canary = (await listReleases(pool, config.remotes, remote)).remotes[0]?.canary;
      if (!canary) throw conflict(`${remote} has no canary to promote`);
      await activateRelease(pool, { remote, version: canary.version, actor: deployTokenOf(ctx).actor });
      ctx.body = await listReleases(pool, config.remotes, remote);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/deploy/:remote/rollback',
      summary: "End the token's remote's canary, or else return to the version active before",
      description: TOKEN_NOTE,
      access: 'anonymous',
      params: remoteParams,
      responses: { 200: { description: 'The remote now', schema: remoteReleasesSchema } },
      before: [knownRemote(), token],
    },
    async (ctx, { params: { remote } }) => {
      await rollbackRelease(pool, { remote, actor: deployTokenOf(ctx).actor });
      ctx.body = await listReleases(pool, config.remotes, remote);
    },
  );

  return router;
}
