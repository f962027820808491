import type { CountryCode } from 'libphonenumber-js';
import type { Domain } from '../../domain.ts';
import { passwordAttemptLimiter } from '../auth/index.ts';
import { smsSendingOf } from '../sms/index.ts';
import { frontDeskRoutes } from './front-desk.routes.ts';
import { Migration20261126110000_trust } from './migrations/Migration20261126110000_trust.ts';
import { phoneAccessRoutes } from './phone-access.routes.ts';

/**
 * The trust model's product side: what callers left with the front desk (messages, requests the
 * executive approves or rejects) and each user's phone access (own numbers and passcode).
 */
export const trustDomain: Domain = {
  name: 'trust',
  entities: [],
  migrations: [{ name: 'Migration20261126110000_trust', class: Migration20261126110000_trust }],
  create: ({ config, pool }) => ({
    routers: [
      frontDeskRoutes({ pool, sending: smsSendingOf(config) }),
      phoneAccessRoutes({
        pool,
        region: config.PHONE_DEFAULT_REGION as CountryCode,
        passwordChecks: passwordAttemptLimiter(pool, config),
      }),
    ],
  }),
};
