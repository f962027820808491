import { callSessionListSchema } from '@annie/contracts/calls';
import { startOpenAIRealtimeWebRtcFake } from '@annie/fakes/openai-realtime-webrtc-fake';
import { WebRtcTestPeer } from '@annie/fakes/webrtc-test-peer';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseNow } from '../../../../test/database-clock.ts';
import { startTestApp } from '../../../../test/test-app.ts';
import type { TestClient } from '../../../../test/test-client.ts';
import { BUDGET_STOP_MESSAGE, recordUsageEntry } from '../../usage/index.ts';

// The month's budget, once spent with the hard stop on, pauses browser calls as it does phone calls.
const fake = await startOpenAIRealtimeWebRtcFake({ apiKey: 'sk-test' });
afterAll(() => fake.close());
const app = await startTestApp({ OPENAI_API_KEY: 'sk-test', OPENAI_REALTIME_CALLS_BASE_URL: fake.baseURL });
const OFFER = 'v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n';
const postOffer = (client: TestClient) =>
  client.request('POST', '/api/realtime/offer', {
    rawBody: OFFER,
    headers: { 'Content-Type': 'application/sdp' },
  });

/** A tenant whose admin has spent 50 USD this month (by the database's clock) against a 40 USD budget. */
async function overspentTenant(tenantId: string): Promise<TestClient> {
  const admin = await app.signedIn(await app.createUser({ tenantId, isAdmin: true }));
  await recordUsageEntry(app.pool, tenantId, {
    userId: null,
    channel: 'sms',
    kind: 'text',
    sourceId: `budget-${tenantId}`,
    at: await databaseNow(app.pool),
    seconds: 0,
    segments: 1,
    tokens: 0,
    costUsd: 50,
  });
  return admin;
}
const settings = (hardStop: boolean) => ({
  currency: 'USD',
  usdRate: 1,
  monthlyBudget: 40,
  hardStop,
  prices: {},
});

describe('browser calls and the budget’s hard stop', () => {
  it('a spent budget with the hard stop refuses a browser call with 402 before OpenAI is asked, and records no call', async () => {
    const admin = await overspentTenant('browser-budget-stopped');
    expect((await admin.put('/api/usage/settings', settings(true))).status).toBe(200);
    const callsBefore = fake.calls.length;
    const refused = await postOffer(admin);
    expect([refused.status, refused.body.message]).toEqual([402, BUDGET_STOP_MESSAGE]);
    expect(fake.calls).toHaveLength(callsBefore);
    expect(callSessionListSchema.parse((await admin.get('/api/call-sessions')).body)).toEqual([]);
  });

  it('the same spend without the hard stop lets the browser call through', async () => {
    const admin = await overspentTenant('browser-budget-warned');
    expect((await admin.put('/api/usage/settings', settings(false))).status).toBe(200);
    // A real offer (a werift peer standing in for the browser): OpenAI refuses a bare one.
    const peer = await WebRtcTestPeer.connect(async (sdp) => {
      const response = await admin.request('POST', '/api/realtime/offer', {
        rawBody: sdp,
        headers: { 'Content-Type': 'application/sdp' },
      });
      expect(response.status).toBe(201);
      return response.text;
    });
    await peer.close();
    expect(await fake.nextCall()).toBeDefined();
  });
});
