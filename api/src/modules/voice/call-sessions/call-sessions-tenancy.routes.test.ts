import { ENGINE_PROFILE_NOT_FOUND } from '@annie/contracts/usage';
import type { EntityManager } from '@mikro-orm/postgresql';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../../test/test-app.ts';
import type { TestClient } from '../../../../test/test-client.ts';
import { startCallSession } from './call-session.service.ts';

// Calls are personal: a colleague in the same tenant and a user of another tenant see none of Alice's
// calls, cannot end them or link them to a conversation (404), whatever their headers claim (403).
const app = await startTestApp();
let alice: TestClient;
let colleague: TestClient;
let outsider: TestClient;
let aliceUserId: string;
let webCallId: string;
let phoneCallId: string;

beforeAll(async () => {
  const aliceUser = await app.createUser({ tenantId: 'tenant-a' });
  aliceUserId = aliceUser.user.id;
  alice = await app.signedIn(aliceUser);
  colleague = await app.signedIn(await app.createUser({ tenantId: 'tenant-a' }));
  outsider = await app.signedIn(await app.createUser({ tenantId: 'tenant-b' }));
  webCallId = (await alice.post('/api/calls/start')).body.id;
  phoneCallId = (
    await startCallSession(app.orm.em.fork() as EntityManager, {
      tenantId: 'tenant-a',
      userId: aliceUserId,
      channel: 'twilio',
      callerId: '+15550009999',
    })
  ).id;
});

describe('call session isolation', () => {
  for (const [who, caller] of [
    ['a colleague in the same tenant', () => colleague],
    ['a user of another tenant', () => outsider],
  ] as const) {
    it(`${who} sees none of them and gets 404 on each one`, async () => {
      expect((await caller().get('/api/call-sessions')).body).toEqual([]);
      expect((await caller().get(`/api/call-sessions?before=${webCallId}`)).body).toEqual([]);
      // Call Logs, its search and its CSV: nothing of Alice's, not even counted.
      for (const query of ['', '?includeEmpty=true', '?contact=5550009999', '?outcome=ongoing']) {
        expect((await caller().get(`/api/call-logs${query}`)).body).toEqual({
          total: 0,
          emptyHidden: 0,
          sessions: [],
        });
      }
      const csv = await caller().request('GET', '/api/call-logs/export.csv');
      expect(csv.text.trimEnd().split('\r\n')).toHaveLength(1);
      for (const id of [webCallId, phoneCallId]) {
        expect((await caller().post(`/api/calls/${id}/end`)).status).toBe(404);
        expect((await caller().post('/api/voice/conversations', { callSessionId: id })).status).toBe(404);
      }
    });
  }

  it('claiming the owner in X-User-Id or the tenant in X-Tenant-Id is refused', async () => {
    const claims: [TestClient, Record<string, string>][] = [
      [colleague, { 'X-User-Id': aliceUserId }],
      [outsider, { 'X-Tenant-Id': 'tenant-a' }],
    ];
    for (const [caller, headers] of claims) {
      expect((await caller.get('/api/call-sessions', { headers })).status).toBe(403);
      expect((await caller.get('/api/call-logs', { headers })).status).toBe(403);
      expect((await caller.post(`/api/calls/${webCallId}/end`, undefined, { headers })).status).toBe(403);
    }
  });

  it("leaves the owner's calls untouched and unlinked", async () => {
    const listed = (await alice.get('/api/call-sessions')).body as { id: string; endedAt: string | null }[];
    expect(listed.map((each) => each.id).sort()).toEqual([webCallId, phoneCallId].sort());
    const logs = (await alice.get('/api/call-logs')).body as { total: number };
    expect(logs.total).toBe(2);
    expect(listed.every((each) => each.endedAt === null)).toBe(true);
    const { rows } = await app.pool.query(
      'select count(*)::int as n from call_session where conversation_id is not null',
    );
    expect(rows[0].n).toBe(0);
    expect((await colleague.get('/api/voice/conversations')).body).toEqual([]);
    expect((await outsider.get('/api/voice/conversations')).body).toEqual([]);
  });
});

describe('the engines’ comparison of a voice profile', () => {
  it('is not another tenant’s to read: their admin gets 404 for the profile’s id', async () => {
    const ownerAdmin = await app.signedIn(await app.createUser({ tenantId: 'tenant-a', isAdmin: true }));
    const theirAdmin = await app.signedIn(await app.createUser({ tenantId: 'tenant-b', isAdmin: true }));
    const profile = await ownerAdmin.post('/api/voice/profiles', { name: 'Front desk', isDefault: true });
    expect(profile.status).toBe(201);
    const path = `/api/call-sessions/engines?profileId=${profile.body.id}`;
    const own = await ownerAdmin.get(path);
    expect(own.status).toBe(200);
    expect(own.body.profile).toEqual({ id: profile.body.id, name: 'Front desk' });
    const theirs = await theirAdmin.get(path);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ message: ENGINE_PROFILE_NOT_FOUND });
    // Whatever their headers claim.
    const claimed = await theirAdmin.get(path, { headers: { 'X-Tenant-Id': 'tenant-a' } });
    expect(claimed.status).toBe(403);
  });
});
