import type { ApiModule } from '../../api-module.ts';
import { GoogleAccountSchema } from './google-account.entity.ts';
import { googleAccountRoutes } from './google-account.routes.ts';
import { googleOAuthRoutes } from './google-oauth.routes.ts';
import { googleServicesFor } from './google-services.ts';
import { Migration20261122020000_google_accounts } from './migrations/Migration20261122020000_google_accounts.ts';
import { voiceToolRoutes } from './voice-tools.routes.ts';

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
        googleOAuthRoutes(google, logger),
        googleAccountRoutes(google, pool, logger),
        voiceToolRoutes(google),
      ],
    };
  },
};
