import { pendingActionListSchema, textNumberWarning } from '@annie/contracts/trust';
import { describe, expect, it } from 'vitest';
import { startPhoneHarness } from '../voice/phone-calls/testing/phone-test-harness.ts';
import { storePendingAction } from './front-desk.queries.ts';

const phone = await startPhoneHarness();
const { app, twilio, client } = phone;
const me = (await client.get('/api/auth/user')).body as { id: string; tenantId: string };

/** A caller (whose caller ID may be spoofed) asked for a text to `e164`. */
const requestFrom = (e164: string) =>
  storePendingAction(
    app.pool,
    { tenantId: me.tenantId, userId: me.id, callSessionId: null },
    { toE164: e164, body: 'The brochure', requestedBy: 'Rita', requestedByE164: e164 },
  );

const listed = async (id: string) =>
  pendingActionListSchema
    .parse((await client.get('/api/pending-actions')).body)
    .items.find((item) => item.id === id);

describe('a text to a number that is not a mobile is approved only past a warning', () => {
  it('lists the number’s kind: premium rate, landline, mobile', async () => {
    const premium = await requestFrom('+19005551234');
    const landline = await requestFrom('+442079460000');
    const mobile = await requestFrom('+447400123456');
    expect((await listed(premium))?.toNumberType).toBe('premium_rate');
    expect((await listed(landline))?.toNumberType).toBe('fixed_line');
    expect((await listed(mobile))?.toNumberType).toBe('mobile');
    expect(textNumberWarning('premium_rate')).toMatch(/premium-rate/);
    expect(textNumberWarning('mobile')).toBeNull();
    expect(textNumberWarning('fixed_line_or_mobile')).toBeNull();
  });

  it('refuses to text a premium-rate number until the warning is confirmed; nothing goes out before', async () => {
    const id = await requestFrom('+19005557777');
    const sentBefore = twilio.sent.length;
    const unconfirmed = await client.post(`/api/pending-actions/${id}/approve`, { body: 'The brochure' });
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body.message).toBe(`${textNumberWarning('premium_rate')} Confirm to send anyway.`);
    expect(twilio.sent.length).toBe(sentBefore);
    expect((await listed(id))?.status).toBe('pending');
    const confirmed = await client.post(`/api/pending-actions/${id}/approve`, {
      body: 'The brochure',
      numberTypeConfirmed: true,
    });
    expect(confirmed.status).toBe(200);
    expect(twilio.sent.at(-1)).toMatchObject({ to: '+19005557777', body: 'The brochure' });
  });

  it('texts a number that may be a mobile without asking', async () => {
    const id = await requestFrom('+14155557301');
    expect((await listed(id))?.toNumberType).toBe('fixed_line_or_mobile');
    expect((await client.post(`/api/pending-actions/${id}/approve`, { body: 'Hello' })).status).toBe(200);
  });
});
