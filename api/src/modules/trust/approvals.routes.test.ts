import { approvalsCountSchema, approvalsSchema } from '@annie/contracts/inbox';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/test-client.ts';
import { openThread, startSmsHarness } from '../sms/testing/sms-test-harness.ts';
import { storePendingAction } from './front-desk.queries.ts';

// GET /api/approvals and /api/approvals/count: the one approvals queue and its count. Drafts are the tenant's (one per thread,
// its latest); callers' requests are the signed-in user's. Another tenant, or another user of the same
// tenant, sees neither the first tenant's drafts nor the user's requests.
const sms = await startSmsHarness({ drafts: false });
const { app } = sms;
let executive: TestClient;
let colleague: TestClient;
let otherTenant: TestClient;
let owner: { tenantId: string; userId: string };

const countOf = async (client: TestClient) => {
  const response = await client.get('/api/approvals/count');
  expect(response.status).toBe(200);
  return approvalsCountSchema.parse(response.body);
};

/** A pending draft in the thread with `phone` of the default tenant (as the draft worker stores one). */
async function draftFor(phone: string, body: string): Promise<void> {
  await sms.inbound({ from: phone, body: 'Hello?' });
  const threadId = (await openThread(sms.client, phone)).id;
  await app.pool.query(
    `insert into sms_draft (id, tenant_id, thread_id, inbound_message_id, body)
     select gen_random_uuid(), tenant_id, thread_id, id, $2 from sms_message where thread_id = $1 limit 1`,
    [threadId, body],
  );
}

beforeAll(async () => {
  const user = await app.createUser();
  executive = await app.signedIn(user);
  owner = { tenantId: user.user.tenantId, userId: user.user.id };
  colleague = await app.signedIn(await app.createUser());
  otherTenant = await app.signedIn(await app.createUser({ tenantId: 'tenant-b' }));
});

describe('GET /api/approvals/count', () => {
  it('counts the tenant’s threads with a draft and the user’s pending requests; decided ones drop out', async () => {
    expect(await countOf(executive)).toEqual({ drafts: 0, requests: 0, total: 0 });
    await draftFor('+14155558201', 'Draft one');
    await draftFor('+14155558202', 'Draft two');
    await draftFor('+14155558202', 'A newer draft in the same thread');
    const requestId = await storePendingAction(
      app.pool,
      { ...owner, callSessionId: null },
      { toE164: '+14155558203', body: 'The brochure', requestedBy: 'Rita', requestedByE164: '+14155558203' },
    );
    expect(await countOf(executive)).toEqual({ drafts: 2, requests: 1, total: 3 });
    expect((await executive.post(`/api/pending-actions/${requestId}/reject`)).status).toBe(200);
    expect(await countOf(executive)).toEqual({ drafts: 2, requests: 0, total: 2 });
  });

  it("isolates tenants (no drafts from another tenant) and users (no one else's requests)", async () => {
    await storePendingAction(
      app.pool,
      { ...owner, callSessionId: null },
      { toE164: '+14155558204', body: 'Call back', requestedBy: 'Sam', requestedByE164: '+14155558204' },
    );
    expect((await countOf(executive)).requests).toBe(1);
    expect(await countOf(colleague)).toEqual({ drafts: 2, requests: 0, total: 2 });
    expect(await countOf(otherTenant)).toEqual({ drafts: 0, requests: 0, total: 0 });
    const claimed = await otherTenant.get('/api/approvals/count', { headers: { 'X-Tenant-Id': 'default' } });
    expect(claimed.status).toBe(403);
  });

  it('GET /api/approvals lists the same items, oldest first, each draft with its thread, isolated', async () => {
    const queue = approvalsSchema.parse((await executive.get('/api/approvals')).body);
    expect(queue.drafts.map((thread) => [thread.phoneE164, thread.meta.pendingDraft?.draft])).toEqual([
      ['+14155558201', 'Draft one'],
      ['+14155558202', 'A newer draft in the same thread'],
    ]);
    expect(queue.requests.map((request) => [request.requestedBy, request.status])).toEqual([
      ['Sam', 'pending'],
    ]);
    const count = await countOf(executive);
    expect(queue.drafts.length + queue.requests.length).toBe(count.total);
    const colleagues = approvalsSchema.parse((await colleague.get('/api/approvals')).body);
    expect([colleagues.drafts.length, colleagues.requests]).toEqual([2, []]);
    expect(approvalsSchema.parse((await otherTenant.get('/api/approvals')).body)).toEqual({
      drafts: [],
      requests: [],
    });
    const claimed = await otherTenant.get('/api/approvals', { headers: { 'X-Tenant-Id': 'default' } });
    expect(claimed.status).toBe(403);
  });
});
