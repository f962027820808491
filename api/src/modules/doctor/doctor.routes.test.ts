import { doctorReportSchema } from '@annie/contracts/doctor';
import { DOCTOR_REFRESHES } from '@annie/contracts/doctor-routes';
import { startTwilioFake } from '@annie/fakes/twilio-fake';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import { assignMessagingNumber } from '../sms/messaging-number.ts';
import { SMS_WEBHOOK_PATH, VOICE_WEBHOOK_PATH } from './check-twilio.ts';

const PUBLIC_URL = 'https://annie.example';
const owned = (phoneNumber: string) => ({
  phoneNumber,
  voiceUrl: `${PUBLIC_URL}${VOICE_WEBHOOK_PATH}`,
  smsUrl: `${PUBLIC_URL}${SMS_WEBHOOK_PATH}`,
});
// Tenant B's number is not on the account: its admins see that; tenant A's admins must not.
const twilio = await startTwilioFake({ numbers: [owned('+14155550101')] });
afterAll(() => twilio.close());
const app = await startTestApp({
  PUBLIC_URL,
  TWILIO_ACCOUNT_SID: twilio.accountSid,
  TWILIO_AUTH_TOKEN: twilio.authToken,
  TWILIO_API_BASE_URL: twilio.url,
});
const adminA = await app.signedIn(await app.createUser({ tenantId: 'doctor-a', isAdmin: true }));
const userA = await app.signedIn(await app.createUser({ tenantId: 'doctor-a' }));
const adminB = await app.signedIn(await app.createUser({ tenantId: 'doctor-b', isAdmin: true }));
await assignMessagingNumber(app.pool, 'doctor-a', '+14155550101');
await assignMessagingNumber(app.pool, 'doctor-b', '+14155550102');

const twilioOf = async (client: typeof adminA) => {
  const response = await client.get('/api/admin/doctor');
  expect(response.status).toBe(200);
  return doctorReportSchema.parse(response.body).providers.find((provider) => provider.provider === 'twilio');
};

describe('GET /api/admin/doctor', () => {
  it('is for admins only: 401 signed out, 403 for a user', async () => {
    expect((await app.client().get('/api/admin/doctor')).status).toBe(401);
    expect((await userA.get('/api/admin/doctor')).status).toBe(403);
  });

  it("shows each admin their own tenant's number and not another tenant's, with no secrets", async () => {
    const seenByA = await twilioOf(adminA);
    expect(seenByA?.state).toBe('answering');
    expect(seenByA?.checks.map((check) => check.name)).toEqual([
      'credentials',
      'tenant doctor-a +14155550101',
    ]);
    const seenByB = await twilioOf(adminB);
    expect(seenByB?.state).toBe('failing');
    expect(seenByB?.checks.map((check) => [check.name, check.detail])).toEqual([
      ['credentials', expect.stringContaining('accepted')],
      ['tenant doctor-b +14155550102', 'not a number of this Twilio account'],
    ]);
    const body = JSON.stringify((await adminA.get('/api/admin/doctor')).body);
    expect(body).not.toContain(twilio.authToken);
    expect(body).not.toContain(twilio.accountSid);
  });

  it('answers the cached report until asked to check again, and refuses a bad refresh value', async () => {
    const first = doctorReportSchema.parse((await adminA.get('/api/admin/doctor')).body);
    const again = doctorReportSchema.parse((await adminA.get('/api/admin/doctor')).body);
    expect(again.checkedAt).toBe(first.checkedAt);
    const fresh = doctorReportSchema.parse((await adminA.get('/api/admin/doctor?refresh=true')).body);
    expect(Date.parse(fresh.checkedAt)).toBeGreaterThan(Date.parse(first.checkedAt));
    const bad = await adminA.get('/api/admin/doctor?refresh=yes');
    expect(bad.status).toBe(400);
  });

  it(`lets each tenant force ${DOCTOR_REFRESHES.points} re-checks per window; the next is 429 and calls nobody`, async () => {
    const admin = await app.signedIn(await app.createUser({ tenantId: 'doctor-c', isAdmin: true }));
    let last = '';
    for (let refresh = 0; refresh < DOCTOR_REFRESHES.points; refresh += 1) {
      const fresh = await admin.get('/api/admin/doctor?refresh=true');
      expect(fresh.status).toBe(200);
      last = doctorReportSchema.parse(fresh.body).checkedAt;
    }
    const limited = await admin.get('/api/admin/doctor?refresh=true');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Nothing ran: the cached report is the last one, still there for the asking.
    const cached = await admin.get('/api/admin/doctor');
    expect(doctorReportSchema.parse(cached.body).checkedAt).toBe(last);
    // Another tenant's allowance is its own.
    const other = await app.signedIn(await app.createUser({ tenantId: 'doctor-d', isAdmin: true }));
    expect((await other.get('/api/admin/doctor?refresh=true')).status).toBe(200);
  });
});
