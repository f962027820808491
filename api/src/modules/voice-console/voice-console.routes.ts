import Router from '@koa/router';
import { HttpError } from '../../lib/http-errors.ts';
import type { AppState } from '../auth/auth-context.ts';
import { requireAdmin, requireAuth } from '../auth/require-auth.ts';

/**
 * The Voice Console's API (voice profiles, spec part 2 §7) is admin-only, enforced here. The
 * profiles themselves are not built yet: an admin gets an honest 501, everyone else a 403.
 */
export function voiceConsoleRoutes(): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api' });
  const guard = [requireAuth(), requireAdmin()] as const;
  const notBuilt = () => {
    throw new HttpError(501, 'not_implemented', 'Voice profiles are not built yet');
  };
  router.all('/voice/profiles', ...guard, notBuilt);
  router.all('/voice/profiles/{*rest}', ...guard, notBuilt);
  router.all('/annie/config', ...guard, notBuilt);
  return router;
}
