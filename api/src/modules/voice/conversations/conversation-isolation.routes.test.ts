import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../../test/test-app.ts';
import type { TestClient } from '../../../../test/test-client.ts';

// Conversations are personal: another user of the SAME tenant gets 404 on every endpoint, whatever
// X-User-Id says; another tenant's user too; claiming someone else's identity in the headers is a 403.
const app = await startTestApp();
let alice: TestClient;
let colleague: TestClient;
let outsider: TestClient;
let aliceUserId: string;
let path: string;

beforeAll(async () => {
  const aliceUser = await app.createUser({ tenantId: 'tenant-a' });
  aliceUserId = aliceUser.user.id;
  alice = await app.signedIn(aliceUser);
  colleague = await app.signedIn(await app.createUser({ tenantId: 'tenant-a' }));
  outsider = await app.signedIn(await app.createUser({ tenantId: 'tenant-b' }));
  const { id } = (await alice.post('/api/voice/conversations', { title: 'Private' })).body as { id: string };
  await alice.post(`/api/voice/conversations/${id}/messages`, { role: 'user', content: 'secret' });
  path = `/api/voice/conversations/${id}`;
});

describe('conversation isolation', () => {
  for (const [who, caller] of [
    ['a colleague in the same tenant', () => colleague],
    ['a user of another tenant', () => outsider],
  ] as const) {
    it(`${who} sees none of them and gets 404 on each one`, async () => {
      expect((await caller().get('/api/voice/conversations')).body).toEqual([]);
      expect((await caller().get(path)).status).toBe(404);
      expect((await caller().post(`${path}/messages`, { role: 'user', content: 'x' })).status).toBe(404);
      expect((await caller().patch(path, { title: 'Mine now' })).status).toBe(404);
      expect((await caller().delete(path)).status).toBe(404);
    });
  }

  it('claiming the owner in X-User-Id is refused', async () => {
    const claim = { headers: { 'X-User-Id': aliceUserId } };
    expect((await colleague.get(path, claim)).status).toBe(403);
    expect((await colleague.get('/api/voice/conversations', claim)).status).toBe(403);
  });

  it('leaves the owner conversation untouched', async () => {
    expect((await alice.get(path)).body).toMatchObject({ title: 'Private', messageCount: 1 });
  });
});
