import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { voiceTestServerMessageSchema, voiceTestSessionSchema } from '@annie/contracts/voice-session';
import { startOpenAIRealtimeFake } from '@annie/fakes/openai-realtime-fake';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApp } from '../../../../test/test-app.ts';
import { SERVER_RESTARTING } from './voice-test.routes.ts';

// SIGTERM: a Voice Console test in progress goes on for CALL_DRAIN_MS, then ends with a clear "the server
// is restarting"; a new test socket is refused at once (the balancer sends it to a ready instance).
const CALL_DRAIN_MS = 800;
const fake = await startOpenAIRealtimeFake({ apiKey: 'sk-test' });
const caFile = join(tmpdir(), `realtime-fake-drain-${process.pid}.pem`);
writeFileSync(caFile, fake.ca);
const app = await startTestApp({
  OPENAI_API_KEY: 'sk-test',
  OPENAI_BASE_URL: fake.baseURL,
  OPENAI_REALTIME_CA_FILE: caFile,
  CALL_DRAIN_MS: String(CALL_DRAIN_MS),
});
afterAll(() => fake.close());
await app.startBackground();
const admin = await app.signedIn(await app.createUser({ isAdmin: true, tenantId: 'voice-drain' }));
const profile = (await admin.post('/api/voice/profiles', { name: 'Drain me', instructions: 'Hi.' })).body;

async function testSocketUrl(): Promise<string> {
  const response = await admin.post(`/api/voice/profiles/${profile.id}/test`);
  return voiceTestSessionSchema.parse(response.body).websocketUrl;
}

const headers = () => ({ Cookie: admin.cookieHeader, Origin: app.baseUrl });

describe('a Voice Console test across a drain', () => {
  it('goes on for CALL_DRAIN_MS, then ends with "the server is restarting"; new tests are refused', async () => {
    const ws = new WebSocket(await testSocketUrl(), { headers: headers() });
    const texts: unknown[] = [];
    ws.on('message', (data, isBinary) => {
      if (!isBinary) texts.push(voiceTestServerMessageSchema.parse(JSON.parse(data.toString())));
    });
    await new Promise((resolve) => ws.once('open', resolve));
    const closed = new Promise<{ code: number; reason: string; at: number }>((resolve) =>
      ws.once('close', (code, reason) => resolve({ code, reason: reason.toString(), at: performance.now() })),
    );
    expect((await app.client().get('/readyz')).body).toMatchObject({ live: { voiceTests: 1 } });

    const url = await testSocketUrl();
    app.deps.lifecycle.beginDrain();
    const refused = await new Promise<number>((resolve) => {
      const late = new WebSocket(url, { headers: headers() });
      late.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      late.once('open', () => resolve(101));
    });
    expect(refused).toBe(503);

    const drainStarted = performance.now();
    await app.stopBackground();
    const { code, reason, at } = await closed;
    expect(at - drainStarted).toBeGreaterThanOrEqual(CALL_DRAIN_MS - 50);
    expect({ code, reason }).toEqual(SERVER_RESTARTING);
    expect(texts.at(-1)).toEqual({ type: 'error', message: SERVER_RESTARTING.reason });
  });
});
