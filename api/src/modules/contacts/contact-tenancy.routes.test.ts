import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestClient } from '../../../test/test-client.ts';

// Every contacts endpoint, called by tenant B on tenant A's rows: B sees and changes nothing, the same
// number is free in B, and claiming A's tenant in X-Tenant-Id is refused outright.
const app = await startTestApp();
const claimA = { headers: { 'X-Tenant-Id': 'tenant-a' } };
let alice: TestClient;
let bob: TestClient;
let aliceContact: { id: string };

beforeAll(async () => {
  alice = await app.signedIn(await app.createUser({ tenantId: 'tenant-a' }));
  bob = await app.signedIn(await app.createUser({ tenantId: 'tenant-b' }));
  aliceContact = (await alice.post('/api/contacts', { name: 'Secret Source', phonePrimary: '4155552671' }))
    .body;
});

describe('contacts tenant isolation', () => {
  it('GET /api/contacts lists only the caller tenant', async () => {
    expect((await bob.get('/api/contacts')).body).toEqual([]);
    expect((await bob.get('/api/contacts', claimA)).status).toBe(403);
  });

  it('POST /api/contacts with the same number is a separate contact in the caller tenant', async () => {
    const response = await bob.post('/api/contacts', { name: 'Bob copy', phonePrimary: '4155552671' });
    expect(response.status).toBe(201);
    expect((await bob.post('/api/contacts', { name: 'X' }, claimA)).status).toBe(403);
  });

  it('GET, PATCH and DELETE /api/contacts/:id are 404 for another tenant contact', async () => {
    const path = `/api/contacts/${aliceContact.id}`;
    expect((await bob.get(path)).status).toBe(404);
    expect((await bob.patch(path, { name: 'Hacked' })).status).toBe(404);
    expect((await bob.delete(path)).status).toBe(404);
    expect((await bob.patch(path, { name: 'Hacked' }, claimA)).status).toBe(403);
    expect((await alice.get(path)).body).toMatchObject({ name: 'Secret Source' });
  });
});
