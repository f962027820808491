// Tenants: the accounts every row belongs to.
export { Tenant, TenantSchema } from './tenant.entity.ts';
