import type { CountryCode } from 'libphonenumber-js';
import type { ApiModule } from '../../api-module.ts';
import { ContactSchema } from './contact.entity.ts';
import { contactRoutes } from './contact.routes.ts';
import { Migration20261122030000_contacts } from './migrations/Migration20261122030000_contacts.ts';

/** Contacts: the executive's address book, which SMS threads and drafts draw on. */
export const contactsModule: ApiModule = {
  name: 'contacts',
  entities: [ContactSchema],
  migrations: [{ name: 'Migration20261122030000_contacts', class: Migration20261122030000_contacts }],
  create: ({ pool, config }) => ({
    routers: [contactRoutes({ pool, region: config.PHONE_DEFAULT_REGION as CountryCode })],
  }),
};
