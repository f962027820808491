import type { RemoteRegistryResponse } from '@annie/contracts/remote-registry';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import { describeOperatorTenant } from './operator-access.ts';

// OPERATOR_TENANT names the tenant whose administrators manage releases, whoever the first admin was.
const app = await startTestApp({ OPERATOR_TENANT: 'ops' });

describe('the operator tenant', () => {
  it("is the one OPERATOR_TENANT names, not the first admin's", async () => {
    const first = await app.signedIn(await app.createUser({ isAdmin: true }));
    const ops = await app.signedIn(await app.createUser({ isAdmin: true, tenantId: 'ops' }));
    expect((await first.get('/api/remotes/releases')).status).toBe(403);
    expect((await first.get<RemoteRegistryResponse>('/api/remotes')).body.manageReleases).toBeUndefined();
    expect((await ops.get('/api/remotes/releases')).status).toBe(200);
    expect((await ops.get<RemoteRegistryResponse>('/api/remotes')).body.manageReleases).toBe(true);
    expect(await describeOperatorTenant(app.pool, app.config)).toMatch(
      /^Remote releases are managed by tenant ops \(pinned .* by OPERATOR_TENANT\)$/,
    );
  });
});
