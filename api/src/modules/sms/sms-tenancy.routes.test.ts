import { beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/test-client.ts';
import { openThread, startSmsHarness } from './testing/sms-test-harness.ts';

// Every SMS endpoint, called by tenant B on the first tenant's thread: B sees none of it, changes
// nothing, and claiming the other tenant in X-Tenant-Id is refused outright.
const sms = await startSmsHarness({ drafts: false });
const ALICE = '+14155552671';
let bob: TestClient;
let aliceThreadId: string;
const claimDefault = { headers: { 'X-Tenant-Id': 'default' } };

beforeAll(async () => {
  bob = await sms.app.signedIn(await sms.app.createUser({ tenantId: 'tenant-b' }));
  await sms.inbound({ from: ALICE, body: 'Secret plans' });
  aliceThreadId = (await openThread(sms.client, ALICE)).id;
  await sms.app.pool.query(
    `insert into sms_draft (id, tenant_id, thread_id, inbound_message_id, body)
     select gen_random_uuid(), tenant_id, thread_id, id, 'Pending draft' from sms_message where thread_id = $1`,
    [aliceThreadId],
  );
});

describe('SMS tenant isolation', () => {
  it('GET /api/sms/threads lists only the caller tenant', async () => {
    expect((await bob.get('/api/sms/threads')).body).toEqual([]);
    expect((await bob.get('/api/sms/threads', claimDefault)).status).toBe(403);
  });

  it('GET /api/sms/threads?ids= answers only the named threads of the caller tenant', async () => {
    const mine = await sms.client.get(`/api/sms/threads?ids=${aliceThreadId}`);
    expect(mine.body.map((thread: { id: string }) => thread.id)).toEqual([aliceThreadId]);
    expect(mine.body[0].meta.pendingDraft).toMatchObject({ draft: 'Pending draft' });
    expect((await bob.get(`/api/sms/threads?ids=${aliceThreadId}`)).body).toEqual([]);
  });

  it("GET /api/sms/search finds only the caller tenant's texts", async () => {
    expect((await sms.client.get('/api/sms/search?q=secret')).body.items).toHaveLength(1);
    expect((await bob.get('/api/sms/search?q=secret')).body).toEqual({ items: [] });
    expect((await bob.get('/api/sms/search?q=secret', claimDefault)).status).toBe(403);
  });

  it("POST …/read and GET /api/sms/threads/:phone open the caller's own thread with that number, empty", async () => {
    const own = await openThread(bob, ALICE);
    expect(own.id).not.toBe(aliceThreadId);
    expect(own.messages).toEqual([]);
    expect(own.meta.pendingDraft).toBeNull();
  });

  it('GET …/messages, PATCH, approve and reject are 404 on another tenant thread', async () => {
    const firstId = (await openThread(sms.client, ALICE)).messages[0].id;
    const path = `/api/sms/threads/${aliceThreadId}`;
    expect((await bob.get(`${path}/messages?before=${firstId}`)).status).toBe(404);
    expect((await bob.patch(path, { responsePreference: 'never_respond' })).status).toBe(404);
    expect((await bob.post(`${path}/approve`, { draft: 'hijack' })).status).toBe(404);
    expect((await bob.post(`${path}/reject`)).status).toBe(404);
    expect((await bob.post(`${path}/reject`, undefined, claimDefault)).status).toBe(403);
    const mine = await openThread(sms.client, ALICE);
    expect(mine.responsePreference).toBe('ask_first');
    expect(mine.meta.pendingDraft).toMatchObject({ draft: 'Pending draft' });
    expect(sms.twilio.sent).toHaveLength(0);
  });

  it('POST /api/sms/send from a tenant without a messaging number is a 503 naming how to set one', async () => {
    const response = await bob.post('/api/sms/send', { to: ALICE, body: 'Hi' });
    expect(response.status).toBe(503);
    expect(response.body.message).toContain('no messaging number');
    expect(sms.twilio.sent).toHaveLength(0);
  });

  it('GET /api/sms/events needs a session', async () => {
    expect((await sms.app.client().get('/api/sms/events')).status).toBe(401);
  });
});

describe('GET /api/sms/threads?ids=', () => {
  it('refuses ids that are not thread ids, an empty list and more than 50, naming the problem', async () => {
    for (const ids of ['nope', '', Array.from({ length: 51 }, () => crypto.randomUUID()).join(',')]) {
      const response = await sms.client.get(`/api/sms/threads?ids=${ids}`);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/ids/);
    }
  });

  it('orders the named threads as the full list does: family first, then newest', async () => {
    await sms.inbound({ from: '+14155552601', body: 'First' });
    await sms.inbound({ from: '+14155552602', body: 'Second' });
    const all = (await sms.client.get('/api/sms/threads')).body as { id: string }[];
    const ids = all.slice(0, 3).map((thread) => thread.id);
    const some = await sms.client.get(`/api/sms/threads?ids=${[...ids].reverse().join(',')}`);
    expect(some.body.map((thread: { id: string }) => thread.id)).toEqual(ids);
  });
});

describe('older messages', () => {
  it('pages a long thread: the latest 200 first, then the ones before', async () => {
    const thread = await openThread(sms.client, '+14155552699');
    await sms.app.pool.query(
      `insert into sms_message (id, tenant_id, thread_id, direction, body, status, created_at)
       select gen_random_uuid(), 'default', $1, 'inbound', 'm' || n, 'received', now() - (n || ' seconds')::interval
       from generate_series(1, 250) n`,
      [thread.id],
    );
    const latest = await openThread(sms.client, '+14155552699');
    expect(latest.messages).toHaveLength(200);
    expect(latest.hasOlderMessages).toBe(true);
    expect(latest.messages.at(-1).body).toBe('m1');
    const older = await sms.client.get(
      `/api/sms/threads/${thread.id}/messages?before=${latest.messages[0].id}`,
    );
    expect(older.body.messages).toHaveLength(50);
    expect(older.body.messages[0].body).toBe('m250');
    expect(older.body.hasOlderMessages).toBe(false);
    expect((await sms.client.get(`/api/sms/threads/${thread.id}/messages?before=nope`)).status).toBe(400);
  });
});
