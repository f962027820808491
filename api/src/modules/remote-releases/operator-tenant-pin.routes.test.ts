import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import { operatorTenantCommand } from './approval-commands.ts';
import { describeOperatorTenant, forgetOperatorTenant } from './operator-access.ts';

const app = await startTestApp();

describe('the operator tenant, pinned', () => {
  it("stays the first admin's even once that admin is deleted; only the operator's command changes it", async () => {
    const first = await app.createUser({ isAdmin: true });
    const firstClient = await app.signedIn(first);
    expect((await firstClient.get('/api/remotes/releases')).status).toBe(200);
    expect(await describeOperatorTenant(app.pool, app.config)).toMatch(
      /^Remote releases are managed by tenant default \(pinned .* by the first administrator\)$/,
    );

    // The first admin goes; a customer's administrator is now the oldest one left.
    await app.pool.query('update app_user set is_admin = false, deleted_at = now() where id = $1', [
      first.user.id,
    ]);
    await app.pool.query('update app_user set deleted_at = now() where tenant_id = $1', ['default']);
    const customer = await app.signedIn(await app.createUser({ isAdmin: true, tenantId: 'acme' }));
    forgetOperatorTenant(app.config);
    expect((await customer.get('/api/remotes/releases')).status).toBe(403);
    expect(await describeOperatorTenant(app.pool, app.config)).toContain('managed by tenant default');

    expect(await operatorTenantCommand(app.pool, ['lab'], 'acme')).toEqual([
      "Remote releases are now managed by tenant acme (was default); its users get a token's versions before approval",
    ]);
    forgetOperatorTenant(app.config);
    expect((await customer.get('/api/remotes/releases')).status).toBe(200);
    const { rows } = await app.pool.query<{ action: string; detail: string }>(
      "select action, detail from remote_audit where remote = 'lab' and action = 'operator-tenant'",
    );
    expect(rows[0]?.detail).toBe('releases are managed by tenant acme (was default)');
  });
});
