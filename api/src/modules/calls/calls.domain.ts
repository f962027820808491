import type { Domain } from '../../domain.ts';
import { callRoutes } from './call.routes.ts';
import { CallSessionSchema } from './call-session.entity.ts';
import { Migration20261122040000_call_sessions } from './migrations/Migration20261122040000_call_sessions.ts';

/** Call sessions: every call with the assistant (phone, browser, simple page) and Call History. */
export const callsDomain: Domain = {
  name: 'calls',
  entities: [CallSessionSchema],
  migrations: [
    { name: 'Migration20261122040000_call_sessions', class: Migration20261122040000_call_sessions },
  ],
  create: ({ pool }) => ({ routers: [callRoutes({ pool })] }),
};
