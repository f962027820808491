import { describe, expect, it } from 'vitest';
import { rollbackVerdict } from './rollback-vote.ts';

// The edges of the vote a mutation run showed no test held: each threshold at its exact value, the
// tenant that fails no one, the users of no tenant, and the words of the audit line an operator reads.
const policy = { failures: 3, sharePercent: 20, windowMinutes: 10 };
const tally = (tenantId: string, served: number, failed: number) => ({ tenantId, served, failed });

describe('the rollback vote at its edges', () => {
  it('rolls back at exactly the failures asked, and not one below', () => {
    expect(rollbackVerdict([tally('ops', 15, 3)], 'ops', policy).rollBack).toBe(true);
    expect(rollbackVerdict([tally('ops', 10, 2)], 'ops', { ...policy, failures: 3 }).rollBack).toBe(false);
  });

  it('counts a tenant at exactly the share asked, and not just below it', () => {
    // 3 of 15 is 20 %: a vote. 3 of 16 is 18.75 %: none.
    expect(rollbackVerdict([tally('ops', 15, 3)], 'ops', policy).rollBack).toBe(true);
    expect(rollbackVerdict([tally('ops', 16, 3)], 'ops', policy).rollBack).toBe(false);
  });

  it('needs two voting tenants without the operator’s: one is not enough, and a tenant without failures never votes', () => {
    const noShare = { ...policy, sharePercent: 0 };
    // With no share asked, a tenant whose users all load the version still does not vote.
    expect(rollbackVerdict([tally('b', 5, 3), tally('c', 5, 0)], 'ops', noShare).rollBack).toBe(false);
    expect(rollbackVerdict([tally('b', 5, 3), tally('c', 5, 1)], 'ops', noShare).rollBack).toBe(true);
    // The operator's tenant, voting with no failures of its own, does not decide either.
    expect(rollbackVerdict([tally('ops', 5, 0), tally('b', 5, 3)], 'ops', noShare).rollBack).toBe(false);
  });

  it('gives users of no tenant no vote even when no operator tenant is pinned', () => {
    expect(rollbackVerdict([tally('', 5, 5)], undefined, policy).rollBack).toBe(false);
    expect(rollbackVerdict([tally('', 5, 5), tally('b', 5, 5)], undefined, policy).rollBack).toBe(true);
  });

  it('words the audit line with the counts, the rounded share, the window and each failing tenant', () => {
    const verdict = rollbackVerdict([tally('ops', 6, 2), tally('', 3, 1), tally('b', 2, 0)], 'ops', {
      ...policy,
      windowMinutes: 15,
    });
    expect(verdict).toEqual({
      rollBack: true,
      reason:
        '3 of the 11 users served it since its activation (27%) could not load it within 15 minutes (by tenant: ops 2/6, unknown tenant 1/3)',
    });
  });

  it('words a vote over no users served without dividing by zero', () => {
    expect(rollbackVerdict([], 'ops', policy)).toEqual({
      rollBack: false,
      reason:
        '0 of the 0 users served it since its activation (0%) could not load it within 10 minutes (by tenant: )',
    });
  });
});
