import { startOpenAIRealtimeWebRtcFake } from '@annie/fakes/openai-realtime-webrtc-fake';
import { WebRtcTestPeer } from '@annie/fakes/webrtc-test-peer';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../../test/test-app.ts';
import { RETIRED_MODEL_WARNING } from '../profiles/index.ts';

const lines: Record<string, unknown>[] = [];
const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
const fake = await startOpenAIRealtimeWebRtcFake({ apiKey: 'sk-test' });
const app = await startTestApp(
  { OPENAI_API_KEY: 'sk-test', OPENAI_REALTIME_CALLS_BASE_URL: fake.baseURL },
  { logger },
);
afterAll(() => fake.close());

describe('a default profile naming a model OpenAI has shut down', () => {
  it('still starts the call, on the configured model, and warns in the log', async () => {
    const admin = await app.signedIn(await app.createUser({ tenantId: 'retired-model', isAdmin: true }));
    const created = await admin.post('/api/voice/profiles', {
      name: 'Old front desk',
      model: 'gpt-4o-realtime-preview-2024-12-17',
      isDefault: true,
    });
    expect(created.status).toBe(201);

    const peer = await WebRtcTestPeer.connect(async (sdp) => {
      const response = await admin.request('POST', '/api/realtime/offer', {
        rawBody: sdp,
        headers: { 'Content-Type': 'application/sdp' },
      });
      if (response.status !== 201) throw new Error(`${response.status}: ${response.text}`);
      return response.text;
    });
    try {
      const call = await fake.nextCall();
      expect(call.offeredSession).toMatchObject({ model: app.config.OPENAI_REALTIME_MODEL });
      expect(lines.filter((line) => line.msg === RETIRED_MODEL_WARNING)).toEqual([
        expect.objectContaining({
          level: 40,
          requested: 'gpt-4o-realtime-preview-2024-12-17',
          shutdownDate: '2026-05-07',
          used: app.config.OPENAI_REALTIME_MODEL,
          tenantId: 'retired-model',
        }),
      ]);
    } finally {
      await peer.close();
    }
  });
});
