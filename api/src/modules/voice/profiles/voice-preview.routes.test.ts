import { previewVoice, VOICE_PREVIEW_NOT_CONFIGURED } from '@annie/contracts/voice-profiles-routes';
import { startOpenAiTextFake } from '@annie/fakes/openai-text-fake';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../../test/test-app.ts';
import type { TestClient } from '../../../../test/test-client.ts';

const fake = await startOpenAiTextFake({ apiKey: 'sk-preview' });
afterAll(() => fake.close());
const app = await startTestApp({
  OPENAI_API_KEY: 'sk-preview',
  OPENAI_TEXT_BASE_URL: fake.url,
  ASSISTANT_NAME: 'Morgan',
});
const PATH = previewVoice.path;

/** Asks for a sample as the browser does (cookie, identity headers, JSON) and reads the bytes. */
async function sample(client: TestClient, voice: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${client.baseUrl}${PATH}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Cookie: client.cookieHeader,
      ...(client.identity && {
        'X-Tenant-Id': client.identity.tenantId,
        'X-User-Id': client.identity.userId,
      }),
      ...headers,
    },
    body: JSON.stringify({ voice }),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const json = response.headers.get('content-type')?.includes('application/json')
    ? JSON.parse(bytes.toString('utf8'))
    : undefined;
  return { status: response.status, headers: response.headers, bytes, json };
}

const speechRequests = () => fake.requests.filter((request) => request.endpoint === 'audio.speech');
const admin = await app.signedIn(await app.createUser({ isAdmin: true, tenantId: 'preview-a' }));

describe('POST /api/voice/profiles/voice-preview', () => {
  it("answers MP3 of the voice saying the fixed sentence in the assistant's name", async () => {
    const before = speechRequests().length;
    const answer = await sample(admin, 'marin');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('audio/mpeg');
    expect([...answer.bytes.subarray(0, 2)]).toEqual([0xff, 0xf3]);
    expect(speechRequests().slice(before)).toEqual([
      {
        endpoint: 'audio.speech',
        body: {
          model: 'gpt-4o-mini-tts',
          voice: 'marin',
          input: "Hi, I'm Morgan. This is how I'll sound when I answer your calls.",
          response_format: 'mp3',
        },
      },
    ]);
  });

  it('plays a kept sample again without asking OpenAI, to any admin of the tenant', async () => {
    const first = await sample(admin, 'cedar');
    const before = speechRequests().length;
    const colleague = await app.signedIn(await app.createUser({ isAdmin: true, tenantId: 'preview-a' }));
    const again = await sample(admin, 'cedar');
    const theirs = await sample(colleague, 'cedar');
    expect(again.bytes).toEqual(first.bytes);
    expect(theirs.bytes).toEqual(first.bytes);
    expect(speechRequests().length).toBe(before);
  });

  it('refuses the signed out (401) and users who are not admins (403), asking OpenAI nothing', async () => {
    const before = speechRequests().length;
    expect((await sample(app.client(), 'marin')).status).toBe(401);
    const member = await app.signedIn(await app.createUser({ tenantId: 'preview-a' }));
    expect((await sample(member, 'marin')).status).toBe(403);
    expect(speechRequests().length).toBe(before);
  });

  it('refuses a voice the picker does not offer with 400 naming the voices', async () => {
    const before = speechRequests().length;
    for (const voice of ['alloy', 'juniper', 42, undefined]) {
      const answer = await sample(admin, voice);
      expect(answer.status).toBe(400);
      expect(answer.json.message).toContain('Voice must be one of cedar, marin');
    }
    expect(speechRequests().length).toBe(before);
  });

  it("keeps samples per tenant: another tenant's first play asks OpenAI; claiming a tenant is 403", async () => {
    await sample(admin, 'marin');
    const before = speechRequests().length;
    const bob = await app.signedIn(await app.createUser({ isAdmin: true, tenantId: 'preview-b' }));
    expect((await sample(bob, 'marin', { 'X-Tenant-Id': 'preview-a' })).status).toBe(403);
    expect(speechRequests().length).toBe(before);
    expect((await sample(bob, 'marin')).status).toBe(200);
    expect(speechRequests().length).toBe(before + 1);
  });

  it("answers OpenAI's refusal as 502 with its words, and keeps nothing, so the next play asks again", async () => {
    const carol = await app.signedIn(await app.createUser({ isAdmin: true, tenantId: 'preview-c' }));
    fake.failNext({ status: 500, message: 'The server had an error', type: 'server_error', times: 2 });
    const failed = await sample(carol, 'cedar');
    expect(failed.status).toBe(502);
    expect(failed.json).toMatchObject({
      code: 'provider_error',
      message: expect.stringContaining('server had an error'),
    });
    const before = speechRequests().length;
    expect((await sample(carol, 'cedar')).status).toBe(200);
    expect(speechRequests().length).toBe(before + 1);
  });

  it('answers 429 with Retry-After once an admin asks for more than 10 samples in a minute', async () => {
    const eager = await app.signedIn(await app.createUser({ isAdmin: true, tenantId: 'preview-a' }));
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await sample(eager, 'marin')).status);
    expect(statuses).toEqual(Array(10).fill(200));
    const refused = await sample(eager, 'marin');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The limit is the admin's own: a colleague still plays.
    const colleague = await app.signedIn(await app.createUser({ isAdmin: true, tenantId: 'preview-a' }));
    expect((await sample(colleague, 'marin')).status).toBe(200);
  });
});

const bare = await startTestApp();

describe('without OPENAI_API_KEY', () => {
  it('answers 503 naming the variable', async () => {
    const bareAdmin = await bare.signedIn(await bare.createUser({ isAdmin: true }));
    const answer = await sample(bareAdmin, 'marin');
    expect(answer.status).toBe(503);
    expect(answer.json).toEqual({ message: VOICE_PREVIEW_NOT_CONFIGURED, code: 'not_configured' });
  });
});
