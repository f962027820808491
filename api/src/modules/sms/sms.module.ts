import type { FeatureModule } from '../feature-module.ts';
import { Migration20261122030100_sms } from './migrations/Migration20261122030100_sms.ts';

/** SMS tables (the contact list already shows each contact's thread); the SMS API arrives with the job and live-event building blocks. */
export const smsModule: FeatureModule = {
  name: 'sms',
  entities: [],
  migrations: [{ name: 'Migration20261122030100_sms', class: Migration20261122030100_sms }],
  routes: () => [],
};
