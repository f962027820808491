import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { tenantFilter } from '../../db/tenant-filter.ts';

/**
 * One Google account a user connected. Personal: every query names the user as well as the tenant.
 * The refresh token is stored only encrypted; null once Google refused it (the account must be
 * connected again). At most one account per user is active: the one the tools use.
 */
const GoogleAccountSchema = defineEntity({
  name: 'GoogleAccount',
  tableName: 'google_account',
  filters: tenantFilter,
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    tenantId: p.string(),
    userId: p.uuid(),
    /** Google's stable account id (userinfo `id`, the OpenID `sub`). */
    googleSub: p.string(),
    email: p.text(),
    name: p.text(),
    picture: p.text().nullable(),
    isActive: p.boolean().default(false),
    refreshTokenCipher: p.text().nullable(),
    scope: p.text(),
    connectedAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class GoogleAccount extends GoogleAccountSchema.class {}
GoogleAccountSchema.setClass(GoogleAccount);

export { GoogleAccountSchema };
