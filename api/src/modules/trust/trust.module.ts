import * as inboxRoutes from '@annie/contracts/inbox-routes';
import * as trustRoutes from '@annie/contracts/trust-routes';
import Router from '@koa/router';
import type { CountryCode } from 'libphonenumber-js';
import type { ApiModule } from '../../api-module.ts';
import type { AppState } from '../../http/app-state.ts';
import { defineRoutes } from '../../http/define-route.ts';
import { passwordAttemptLimiter } from '../auth/index.ts';
import { smsSendingOf } from '../sms/index.ts';
import { frontDeskHandlers } from './front-desk.routes.ts';
import { Migration20261126110000_trust } from './migrations/Migration20261126110000_trust.ts';
import { Migration20261127080000_phone_access_revocable } from './migrations/Migration20261127080000_phone_access_revocable.ts';
import { phoneAccessHandlers } from './phone-access.routes.ts';
import { phoneAccessNumberHandlers } from './phone-access-numbers.routes.ts';

/**
 * The trust model's product side: what callers left with the front desk (messages, requests the
 * executive approves or rejects) and each user's phone access (own numbers and passcode).
 */
export const trustModule: ApiModule = {
  name: 'trust',
  entities: [],
  migrations: [
    { name: 'Migration20261126110000_trust', class: Migration20261126110000_trust },
    {
      name: 'Migration20261127080000_phone_access_revocable',
      class: Migration20261127080000_phone_access_revocable,
    },
  ],
  create: ({ config, pool }) => {
    const sending = smsSendingOf(config);
    const region = config.PHONE_DEFAULT_REGION as CountryCode;
    const frontDesk = frontDeskHandlers({ pool, sending });
    return {
      routers: [
        defineRoutes(new Router<AppState>(), inboxRoutes, frontDesk.inbox),
        defineRoutes(new Router<AppState>(), trustRoutes, {
          ...frontDesk.contract,
          ...phoneAccessHandlers({
            pool,
            region,
            sending,
            passwordChecks: passwordAttemptLimiter(pool, config),
          }),
          ...phoneAccessNumberHandlers({ pool, region, sending }),
        }),
      ],
    };
  },
};
