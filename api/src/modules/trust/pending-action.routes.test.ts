import { pendingActionListSchema } from '@annie/contracts/trust';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/test-client.ts';
import { OPTED_OUT_MESSAGE } from '../sms/sms-send.service.ts';
import { startSmsHarness } from '../sms/testing/sms-test-harness.ts';
import { storePendingAction } from './front-desk.queries.ts';

// Approving and rejecting a caller's request in an app that really sends through Twilio (the loopback
// fake), so "nothing was sent" is something the test could have seen happen.
const sms = await startSmsHarness({ drafts: false });
const { app, twilio } = sms;
let executive: TestClient;
let owner: { tenantId: string; userId: string };

beforeAll(async () => {
  const user = await app.createUser();
  executive = await app.signedIn(user);
  owner = { tenantId: user.user.tenantId, userId: user.user.id };
});

/** A caller at `phone` asked for a text; the executive has it pending. */
const requestFrom = (phone: string) =>
  storePendingAction(
    app.pool,
    { ...owner, callSessionId: null },
    { toE164: phone, body: 'The brochure link', requestedBy: 'Rita', requestedByE164: phone },
  );

const approve = (id: string, body = 'Hello Rita, here is the brochure') =>
  executive.post(`/api/pending-actions/${id}/approve`, { body });

async function statusOf(id: string) {
  const list = pendingActionListSchema.parse((await executive.get('/api/pending-actions')).body);
  return list.items.find((item) => item.id === id)?.status;
}

const sentTo = (phone: string) => twilio.sent.filter((message) => message.to === phone);

describe('deciding a pending action, with Twilio there to send', () => {
  it('a rejected request sends nothing, and cannot be approved afterwards (404, still nothing sent)', async () => {
    const phone = '+14155558101';
    const id = await requestFrom(phone);
    expect((await executive.post(`/api/pending-actions/${id}/reject`)).status).toBe(200);
    expect(await statusOf(id)).toBe('rejected');
    expect(sentTo(phone)).toEqual([]);
    const late = await approve(id);
    expect(late.status).toBe(404);
    expect(await statusOf(id)).toBe('rejected');
    expect(sentTo(phone)).toEqual([]);
  });

  it('an opted-out number (Twilio 21610) answers 409 and leaves the request pending', async () => {
    const phone = '+14155558102';
    twilio.blockRecipient(phone);
    const id = await requestFrom(phone);
    const refused = await approve(id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: OPTED_OUT_MESSAGE });
    expect(await statusOf(id)).toBe('pending');
    expect(sentTo(phone)).toEqual([]);
  });

  it('a send Twilio fails for another reason leaves it pending, and approving again sends it once', async () => {
    const phone = '+14155558103';
    const id = await requestFrom(phone);
    twilio.failSends({ status: 500, code: 20500, message: 'Internal Server Error', times: 1 });
    expect((await approve(id)).status).toBe(502);
    expect(await statusOf(id)).toBe('pending');
    expect((await approve(id, 'Second try')).status).toBe(200);
    expect(await statusOf(id)).toBe('sent');
    expect(sentTo(phone).map((message) => message.body)).toEqual(['Second try']);
  });

  it('four approvals at once send exactly one text: one 200, the others 404', async () => {
    const phone = '+14155558104';
    const id = await requestFrom(phone);
    const answers = await Promise.all([1, 2, 3, 4].map((n) => approve(id, `Approval ${n}`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404, 404, 404]);
    expect(sentTo(phone)).toHaveLength(1);
    expect(await statusOf(id)).toBe('sent');
  });
});
