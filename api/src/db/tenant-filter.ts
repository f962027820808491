/**
 * The filter every tenant-owned entity declares. It has a required argument, so a query made
 * without `em.setFilterParams('tenant', {tenantId})` throws instead of reading every tenant's rows.
 * QueryBuilders need `await qb.applyFilters()`; raw SQL must name the tenant itself.
 */
export const tenantFilter = {
  tenant: {
    name: 'tenant',
    default: true,
    cond: (args: { tenantId?: string }) => {
      if (!args?.tenantId) throw new Error('Tenant filter used without a tenantId');
      return { tenantId: args.tenantId };
    },
  },
};
