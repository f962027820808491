import { defineEntity, p } from '@mikro-orm/core';

const TenantSchema = defineEntity({
  name: 'Tenant',
  tableName: 'tenant',
  properties: {
    id: p.string().primary(),
    name: p.string(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class Tenant extends TenantSchema.class {}
TenantSchema.setClass(Tenant);

export { TenantSchema };
