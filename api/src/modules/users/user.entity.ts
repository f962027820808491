import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { tenantFilter } from '../../db/tenant-filter.ts';

const UserSchema = defineEntity({
  name: 'User',
  tableName: 'app_user',
  filters: tenantFilter,
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    tenantId: p.string().index(),
    username: p.string().unique(),
    email: p.string().nullable(),
    passwordHash: p.string().hidden(),
    isAdmin: p.boolean().default(false),
    /** Set by user:delete; the account is refused from then on and removed after 90 days. */
    deletedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class User extends UserSchema.class {}
UserSchema.setClass(User);

export { UserSchema };
