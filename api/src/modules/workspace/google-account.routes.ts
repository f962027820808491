import type * as contract from '@annie/contracts/workspace-routes';
import type { Logger } from 'pino';
import type { Pool } from '../../db/pool.ts';
import type { AuthContext } from '../../http/app-state.ts';
import type { SomeRouteHandlers } from '../../http/define-route.ts';
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
export function googleAccountHandlers(google: GoogleServices | undefined, pool: Pool, logger: Logger) {
  return {
    getGoogleStatus: async (_ctx, { auth }) => ({
      status: 200,
      body: {
        authenticated: google ? await isConnected(pool, ownerOf(auth)) : false,
      },
    }),
    listGoogleAccounts: async (ctx, { auth }) => ({
      status: 200,
      body: (await listAccounts(ctx.state.em, ownerOf(auth))).map(toGoogleAccountDto),
    }),
    activateGoogleAccount: async (ctx, { params, auth }) => ({
      status: 200,
      body: toGoogleAccountDto(await switchActiveAccount(ctx.state.em, ownerOf(auth), params.id)),
    }),
    disconnectGoogle: async (ctx, { auth }) => {
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
      return { status: 200, body: { authenticated: false } };
    },
  } satisfies SomeRouteHandlers<typeof contract>;
}
