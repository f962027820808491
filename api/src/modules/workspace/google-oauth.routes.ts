import { GOOGLE_RESULT_PATHS } from '@annie/contracts/workspace';
import type * as contract from '@annie/contracts/workspace-routes';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { AppState } from '../../http/app-state.ts';
import type { SomeRouteHandlers } from '../../http/define-route.ts';
import { serviceUnavailable } from '../../lib/http-errors.ts';
import { GOOGLE_NOT_CONFIGURED_MESSAGE } from '../../providers/google/google-config.ts';
import { googleErrorSummary } from '../../providers/google/google-oauth.ts';
import { saveConnection } from './google-connection.service.ts';
import type { GoogleServices } from './google-services.ts';
import { rememberConsent, takeConsent } from './oauth-session.ts';

/**
 * The browser arrives here from Google: whatever fails, it is sent to the error page, never shown JSON.
 * Mounted outside the callback route's own stack (`router.use` on its path), so that it also catches
 * the access check's refusal.
 */
export function redirectFailures(logger: Logger): Middleware<AppState> {
  return async function sendFailuresToErrorPage(ctx, next) {
    try {
      await next();
    } catch (error) {
      logger.warn({ google: googleErrorSummary(error) }, 'Google consent callback failed');
      ctx.redirect(`${GOOGLE_RESULT_PATHS.error}?reason=failed`);
    }
  };
}

/** Why a callback is refused, for the error page's address (and the logs): first reason wins. */
function refusalReason(callback: { configured: boolean; denied: boolean; codeVerifier: string | undefined }) {
  if (!callback.configured) return 'not_configured';
  if (callback.denied) return 'denied';
  // No pending consent in this session, a replayed state, a state that does not match, or too old.
  if (!callback.codeVerifier) return 'state';
  return 'no_code';
}

/** GET /api/google/auth (start the consent) and GET /api/google/callback (Google sends the user back). */
export function googleOAuthHandlers(google: GoogleServices | undefined) {
  return {
    startGoogleConsent: async (ctx) => {
      if (!google) throw serviceUnavailable(GOOGLE_NOT_CONFIGURED_MESSAGE);
      const consent = await google.oauth.startConsent();
      rememberConsent(ctx, consent);
      ctx.set('Cache-Control', 'no-store');
      return { status: 200, body: { authUrl: consent.authUrl } };
    },
    googleCallback: async (ctx, { query, auth }) => {
      const codeVerifier = takeConsent(ctx, query.state);
      const { code } = query;
      if (!google || query.error || !codeVerifier || !code) {
        const reason = refusalReason({
          configured: Boolean(google),
          denied: Boolean(query.error),
          codeVerifier,
        });
        return ctx.redirect(`${GOOGLE_RESULT_PATHS.error}?reason=${reason}`);
      }
      const consent = await google.oauth.finishConsent(code, codeVerifier);
      const { tenantId, userId } = auth;
      await saveConnection(ctx.state.em, { tenantId, userId }, consent, google.cipher);
      ctx.redirect(GOOGLE_RESULT_PATHS.success);
    },
  } satisfies SomeRouteHandlers<typeof contract>;
}
