import { googleAccountListSchema } from '@annie/api-client/contracts/workspace';
import Router from '@koa/router';
import type { Logger } from 'pino';
import type { Pool } from '../../db/pool.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { uuidParam } from '../../lib/uuid-param.ts';
import { googleErrorSummary } from '../../providers/google/google-oauth.ts';
import { type AppState, authOf } from '../auth/auth-context.ts';
import { requireAuth } from '../auth/require-auth.ts';
import { isConnected } from './google-account.queries.ts';
import {
  disconnect,
  listAccounts,
  removeAccounts,
  switchActiveAccount,
} from './google-connection.service.ts';
import type { GoogleServices } from './google-services.ts';
import { toGoogleAccountDto } from './workspace.dto.ts';

const ownerOf = (ctx: { state: AppState }) => {
  const { tenantId, userId } = authOf(ctx);
  return { tenantId, userId };
};

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

  router.get('/status', requireAuth(), async (ctx) => {
    ctx.body = { authenticated: google ? await isConnected(pool, ownerOf(ctx)) : false };
  });

  router.get('/accounts', requireAuth(), async (ctx) => {
    ctx.body = googleAccountListSchema.parse(
      (await listAccounts(ctx.state.em, ownerOf(ctx))).map(toGoogleAccountDto),
    );
  });

  router.post('/accounts/:id/activate', requireAuth(), async (ctx) => {
    const id = uuidParam(ctx.params.id, 'Google account not found');
    ctx.body = toGoogleAccountDto(await switchActiveAccount(ctx.state.em, ownerOf(ctx), id));
  });

  router.post('/disconnect', requireAuth(), async (ctx) => {
    const owner = ownerOf(ctx);
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
  });

  return router;
}
