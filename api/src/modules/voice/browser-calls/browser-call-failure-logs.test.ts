import { startOpenAIRealtimeWebRtcFake } from '@annie/fakes/openai-realtime-webrtc-fake';
import pino from 'pino';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../../test/test-app.ts';
import type { TestClient } from '../../../../test/test-client.ts';

// One failed call is one log line that says why (OpenAI's status and reason), beside the request's
// own access line; not a warning from the route and then the error middleware's line again.
const lines: Record<string, unknown>[] = [];
const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
const fake = await startOpenAIRealtimeWebRtcFake({ apiKey: 'sk-test' });
afterAll(() => fake.close());
const startApp = (baseURL: string) =>
  startTestApp({ OPENAI_API_KEY: 'sk-test', OPENAI_REALTIME_CALLS_BASE_URL: baseURL }, { logger });
const app = await startApp(fake.baseURL);
// Nothing listens on the discard port: OpenAI cannot be reached.
const offline = await startApp('http://127.0.0.1:9/v1');
beforeEach(() => void lines.splice(0));

const OFFER = 'v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n';
const postOffer = (client: TestClient) =>
  client.request('POST', '/api/realtime/offer', {
    rawBody: OFFER,
    headers: { 'Content-Type': 'application/sdp' },
  });

/** The lines that tell of the failure (the access line names only the status). */
const failureLines = (text: string) => lines.filter((line) => JSON.stringify(line).includes(text));

describe('a call OpenAI refuses or cannot take, in the logs', () => {
  it('is logged once, with OpenAI’s status and reason, and still answers 502', async () => {
    fake.failNextCall({ status: 429, message: 'Rate limit reached for gpt-realtime.' });
    const client = await app.signedIn(await app.createUser());
    const refused = await postOffer(client);
    expect([refused.status, refused.body]).toEqual([
      502,
      {
        message: 'OpenAI refused the call: Rate limit reached for gpt-realtime.',
        code: 'realtime_call_failed',
      },
    ]);
    const logged = failureLines('Rate limit reached for gpt-realtime.');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      err: { message: expect.stringContaining(': 429 Rate limit reached') },
    });
    expect(lines.filter((line) => line.status === 502 && line.path === '/api/realtime/offer')).toHaveLength(
      1,
    );
  });

  it('is logged once when OpenAI cannot be reached, with the connection’s failure (fetch refuses the discard port)', async () => {
    const client = await offline.signedIn(await offline.createUser());
    expect((await postOffer(client)).status).toBe(502);
    const logged = failureLines('OpenAI refused the call: Connection error');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ err: { message: expect.stringContaining(': fetch failed') } });
  });
});
