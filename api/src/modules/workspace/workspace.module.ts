import * as workspaceRoutes from '@annie/contracts/workspace-routes';
import Router from '@koa/router';
import type { Logger } from 'pino';
import type { ApiModule } from '../../api-module.ts';
import type { AppState } from '../../http/app-state.ts';
import { defineRoutes } from '../../http/define-route.ts';
import { GoogleAccountSchema } from './google-account.entity.ts';
import { googleAccountHandlers } from './google-account.routes.ts';
import { googleOAuthHandlers, redirectFailures } from './google-oauth.routes.ts';
import { googleServicesFor } from './google-services.ts';
import { Migration20261122020000_google_accounts } from './migrations/Migration20261122020000_google_accounts.ts';
import { voiceToolHandlers } from './voice-tools.routes.ts';

/** A router whose Google callback path redirects its failures (the access check's included) to the error page. */
function googleCallbackFailures(logger: Logger): Router<AppState> {
  const router = new Router<AppState>();
  router.use(workspaceRoutes.googleCallback.path, redirectFailures(logger));
  return router;
}

/** Google Workspace: each user's account connection (OAuth with PKCE) and its voice tools. */
export const workspaceModule: ApiModule = {
  name: 'workspace',
  entities: [GoogleAccountSchema],
  migrations: [
    { name: 'Migration20261122020000_google_accounts', class: Migration20261122020000_google_accounts },
  ],
  create: ({ config, pool, logger }) => {
    const google = googleServicesFor(config);
    return {
      routers: [
        defineRoutes(googleCallbackFailures(logger), workspaceRoutes, {
          ...googleOAuthHandlers(google),
          ...googleAccountHandlers(google, pool, logger),
          ...voiceToolHandlers(google),
        }),
      ],
    };
  },
};
