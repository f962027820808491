// Tenants: the accounts every row belongs to.
export { Tenant, TenantSchema } from './tenant.entity.ts';
export { firstTenantId, tenantCount, tenantExists, tenantIds } from './tenant.queries.ts';
