import type { Domain } from '../../domain.ts';
import { Migration20261122030100_sms } from './migrations/Migration20261122030100_sms.ts';

/** SMS tables (the contact list already shows each contact's thread); the SMS API arrives with the job and live-event building blocks. */
export const smsDomain: Domain = {
  name: 'sms',
  entities: [],
  migrations: [{ name: 'Migration20261122030100_sms', class: Migration20261122030100_sms }],
  create: () => ({ routers: [] }),
};
