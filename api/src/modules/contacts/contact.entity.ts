import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { tenantFilter } from '../../db/tenant-filter.ts';

export const CONTACT_RELATIONSHIPS = ['family', 'friend', 'work', 'medical', 'service', 'other'] as const;
export const PREFERRED_CHANNELS = ['sms', 'call', 'email'] as const;
export const SMS_PREFERENCES = ['auto_respond', 'never_respond', 'ask_first'] as const;

/** Someone in the executive's address book; the phone is E.164 and unique within the tenant. */
const ContactSchema = defineEntity({
  name: 'Contact',
  tableName: 'contact',
  filters: tenantFilter,
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    tenantId: p.string(),
    name: p.text(),
    nickname: p.text().nullable(),
    relationship: p.enum(CONTACT_RELATIONSHIPS).default('other'),
    phonePrimary: p.text().nullable(),
    email: p.text().nullable(),
    preferredChannel: p.enum(PREFERRED_CHANNELS).default('sms'),
    smsPreference: p.enum(SMS_PREFERENCES).default('ask_first'),
    notes: p.text().nullable(),
    isFavorite: p.boolean().default(false),
    photoUrl: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class Contact extends ContactSchema.class {}
ContactSchema.setClass(Contact);

export { ContactSchema };
