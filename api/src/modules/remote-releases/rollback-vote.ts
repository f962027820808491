import type { TenantTally } from './load-error.queries.ts';

export type RollbackPolicy = {
  /** At least this many different users served the version could not load it… */
  failures: number;
  /** …and in the tenants that decide, at least this share (%) of the users of that tenant served it… */
  sharePercent: number;
  /** …within this many minutes of its activation. */
  windowMinutes: number;
};

export type RollbackVerdict = { rollBack: boolean; reason: string };

const percent = (part: number, whole: number) => Math.round((part * 100) / Math.max(whole, 1));

/**
 * Whether load failures roll a version back, counted by tenant. A tenant votes for the rollback when at
 * least `sharePercent` % of its own users served the version could not load it; the version is rolled
 * back when at least `failures` users failed in all, and the operator's tenant votes or at least two
 * tenants do. So a tenant's failures weigh at most as its own users served: one customer tenant can
 * never force a rollback (its vote alone is not enough), nor block one (adding users only dilutes its
 * own rate, never another tenant's vote).
 */
export function rollbackVerdict(
  tallies: TenantTally[],
  operatorTenant: string | undefined,
  policy: RollbackPolicy,
): RollbackVerdict {
  const failed = tallies.reduce((sum, tally) => sum + tally.failed, 0);
  const served = tallies.reduce((sum, tally) => sum + tally.served, 0);
  const voters = tallies.filter(
    (tally) => tally.failed > 0 && tally.failed * 100 >= policy.sharePercent * tally.served,
  );
  const operatorVotes = voters.some((tally) => tally.tenantId !== '' && tally.tenantId === operatorTenant);
  const rollBack = failed >= policy.failures && (operatorVotes || voters.length >= 2);
  const byTenant = tallies
    .filter((tally) => tally.failed > 0)
    .map((tally) => `${tally.tenantId || 'unknown tenant'} ${tally.failed}/${tally.served}`)
    .join(', ');
  return {
    rollBack,
    reason: `${failed} of the ${served} users served it since its activation (${percent(failed, served)}%) could not load it within ${policy.windowMinutes} minutes (by tenant: ${byTenant})`,
  };
}
