import { describe, expect, it } from 'vitest';
import { rollbackVerdict } from './rollback-vote.ts';

const policy = { failures: 3, sharePercent: 20, windowMinutes: 10 };
const tally = (tenantId: string, served: number, failed: number) => ({ tenantId, served, failed });

describe('the rollback vote by tenant', () => {
  it('is never decided by one customer tenant, however many of its users fail', () => {
    expect(rollbackVerdict([tally('ops', 10, 0), tally('b', 3, 3)], 'ops', policy).rollBack).toBe(false);
    expect(rollbackVerdict([tally('ops', 1, 0), tally('b', 500, 500)], 'ops', policy).rollBack).toBe(false);
  });

  it("is decided by the operator's tenant, or by two tenants", () => {
    expect(rollbackVerdict([tally('ops', 10, 3), tally('b', 3, 0)], 'ops', policy).rollBack).toBe(true);
    expect(
      rollbackVerdict([tally('ops', 10, 0), tally('b', 3, 2), tally('c', 4, 1)], 'ops', policy).rollBack,
    ).toBe(true);
  });

  it('cannot be blocked by a tenant adding users who do not fail: only its own rate changes', () => {
    const failing = [tally('ops', 10, 3)];
    expect(rollbackVerdict([...failing, tally('b', 10_000, 0)], 'ops', policy).rollBack).toBe(true);
  });

  it('needs the failures in all, and users served before tenants were recorded are no tenant’s vote', () => {
    expect(rollbackVerdict([tally('ops', 2, 2)], 'ops', policy).rollBack).toBe(false);
    expect(rollbackVerdict([tally('', 5, 5)], '', policy).rollBack).toBe(false);
  });
});
