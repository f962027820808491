import {
  googleAccountListSchema,
  googleAccountSchema,
  googleStatusSchema,
} from '@annie/api-client/contracts/workspace';
import Router from '@koa/router';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Pool } from '../../db/pool.ts';
import type { AppState, AuthContext } from '../../http/app-state.ts';
import { defineRoute } from '../../http/define-route.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { googleErrorSummary } from '../../providers/google/google-oauth.ts';
import { isConnected } from './google-account.queries.ts';
import {
  disconnect,
  listAccounts,
  removeAccounts,
  switchActiveAccount,
} from './google-connection.service.ts';
import type { GoogleServices } from './google-services.ts';
import { toGoogleAccountDto } from './workspace.dto.ts';

const ownerOf = ({ tenantId, userId }: AuthContext) => ({ tenantId, userId });

/** Revocation as Google answers it: a token Google already forgot counts as revoked. */
async function revokeAtGoogle(google: GoogleServices, refreshToken: string, logger: Logger): Promise<void> {
  try {
    await google.oauth.revoke(refreshToken);
  } catch (error) {
    const reason = (error as { response?: { data?: { error?: string } } }).response?.data?.error;
    if (reason === 'invalid_token' || reason === 'invalid_grant') return;
    logger.warn({ google: googleErrorSummary(error) }, 'Google did not confirm a token revocation');
    throw new HttpError(502, 'revoke_failed', 'Google did not confirm the disconnection. Please try again.');
  }
}

/** /api/google status and accounts (database reads only), switching the active account, and disconnecting. */
export function googleAccountRoutes(
  google: GoogleServices | undefined,
  pool: Pool,
  logger: Logger,
): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/google' });

  defineRoute(
    router,
    {
      method: 'get',
      path: '/status',
      summary: 'Whether the user has a connected Google account',
      access: 'signed-in',
      responses: { 200: { description: 'The status', schema: googleStatusSchema } },
    },
    async (ctx, { auth }) => {
      ctx.body = { authenticated: google ? await isConnected(pool, ownerOf(auth)) : false };
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/accounts',
      summary: "The user's connected Google accounts",
      access: 'signed-in',
      responses: { 200: { description: 'The accounts', schema: googleAccountListSchema } },
    },
    async (ctx, { auth }) => {
      ctx.body = googleAccountListSchema.parse(
        (await listAccounts(ctx.state.em, ownerOf(auth))).map(toGoogleAccountDto),
      );
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/accounts/:id/activate',
      summary: "Make one of the user's Google accounts the active one",
      access: 'signed-in',
      params: { id: z.uuid() },
      notFound: 'Google account not found',
      responses: { 200: { description: 'The account', schema: googleAccountSchema } },
    },
    async (ctx, { params, auth }) => {
      ctx.body = toGoogleAccountDto(await switchActiveAccount(ctx.state.em, ownerOf(auth), params.id));
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/disconnect',
      summary: "Disconnect the user's Google accounts (revoked at Google)",
      access: 'signed-in',
      responses: { 200: { description: 'Disconnected', schema: googleStatusSchema } },
      errors: { 502: 'Google did not confirm the disconnection' },
    },
    async (ctx, { auth }) => {
      const owner = ownerOf(auth);
      if (!google) {
        // Nothing can be revoked without Google configured; the stored accounts are cleared all the same.
        await removeAccounts(ctx.state.em, owner);
      } else {
        const removed = await disconnect(ctx.state.em, owner, google.cipher, (token) =>
          revokeAtGoogle(google, token, logger),
        );
        for (const id of removed) google.workspace.forget(id);
      }
      ctx.body = { authenticated: false };
    },
  );

  return router;
}
