import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type VoiceTestServerMessage,
  voiceTestServerMessageSchema,
  voiceTestSessionSchema,
} from '@annie/contracts/voice-session';
import { startOpenAIRealtimeFake, toneChunk } from '@annie/fakes/openai-realtime-fake';
import { afterAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { LOADED_MACHINE_MARGIN_MS, timeOf, within } from '../../../../test/deadline.ts';
import { startTestApp } from '../../../../test/test-app.ts';
import type { TestClient } from '../../../../test/test-client.ts';
import { SESSION_ENDED } from './voice-test.routes.ts';

const fake = await startOpenAIRealtimeFake({ apiKey: 'sk-test' });
const caFile = join(tmpdir(), `realtime-fake-${process.pid}.pem`);
writeFileSync(caFile, fake.ca);
const app = await startTestApp({
  OPENAI_API_KEY: 'sk-test',
  OPENAI_BASE_URL: fake.baseURL,
  OPENAI_REALTIME_CA_FILE: caFile,
});
afterAll(() => fake.close());

const admin = await app.signedIn(await app.createUser({ isAdmin: true, tenantId: 'voice-test' }));
const profile = (
  await admin.post('/api/voice/profiles', { name: 'Test me', instructions: 'Greet in French.' })
).body;

type Opened = { ws: WebSocket; texts: unknown[]; audio: Buffer[] };

async function startTest(client: TestClient = admin) {
  const response = await client.post(`/api/voice/profiles/${profile.id}/test`);
  expect(response.status).toBe(200);
  return voiceTestSessionSchema.parse(response.body);
}

/** Opens the test socket as a browser would (cookie and Origin); rejects with the refusal status. */
function connect(url: string, headers: Record<string, string>): Promise<Opened> {
  const ws = new WebSocket(url, { headers });
  const opened: Opened = { ws, texts: [], audio: [] };
  ws.on('message', (data, isBinary) => {
    if (isBinary) opened.audio.push(data as Buffer);
    else opened.texts.push(voiceTestServerMessageSchema.parse(JSON.parse(data.toString())));
  });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(opened));
    ws.once('unexpected-response', (_request, response) => reject(new Error(String(response.statusCode))));
    ws.once('error', reject);
  });
}

const browser = (client: TestClient = admin) => ({ Cookie: client.cookieHeader, Origin: app.baseUrl });
// Revocation closes a test socket within a second; the wait is bounded far above that, so a slow run
// fails on the measured figure rather than on a timeout.
const WAIT_MS = 10_000;

describe('POST /api/voice/profiles/:id/test and its WebSocket', () => {
  it('answers a session id and a same-origin ws:// address valid for a minute', async () => {
    const session = await startTest();
    expect(session.websocketUrl).toMatch(
      new RegExp(
        `^ws://127\\.0\\.0\\.1:\\d+/api/voice/test-sessions/${session.sessionId}\\?token=[\\w-]{43}$`,
      ),
    );
    expect(Date.parse(session.expiresAt) - Date.now()).toBeLessThanOrEqual(60_000);
  });

  it('bridges the browser to the realtime session: greeting, audio both ways, levels and transcripts', async () => {
    const { websocketUrl } = await startTest();
    const opened = await connect(websocketUrl, browser());
    const realtime = await fake.nextSession();
    await vi.waitFor(() => expect(opened.audio.length).toBe(3));
    expect(opened.audio[0]).toEqual(toneChunk());
    const update = realtime.eventsOf('session.update')[0]?.session as { instructions: string };
    expect(update.instructions).toContain('Greet in French.');
    for (let i = 0; i < 5; i++) opened.ws.send(toneChunk());
    await vi.waitFor(() =>
      expect(opened.texts).toContainEqual({
        type: 'transcript',
        speaker: 'user',
        text: expect.stringContaining('diary'),
      }),
    );
    expect(opened.texts).toContainEqual({
      type: 'transcript',
      speaker: 'assistant',
      text: expect.any(String),
    });
    const levels = opened.texts.filter((text) => (text as { type: string }).type === 'audio_level');
    expect(levels).toHaveLength(5);
    expect((levels[0] as { level: number }).level).toBeGreaterThan(0);
    expect(realtime.appendedAudioBytes).toBe(toneChunk().length * 5);
    opened.ws.close();
    await vi.waitFor(() => expect(realtime.closed).toBe(true));
  });

  it("sends the test call's figures after each response: the turn's latency and the tokens OpenAI reported", async () => {
    const { websocketUrl, sessionId } = await startTest();
    const opened = await connect(websocketUrl, browser());
    const realtime = await fake.nextSession();
    await vi.waitFor(() => expect(opened.audio.length).toBe(3));
    for (let i = 0; i < 5; i++) opened.ws.send(toneChunk());
    const figures = () =>
      (opened.texts as VoiceTestServerMessage[]).flatMap((text) =>
        text.type === 'figures' ? [text.figures] : [],
      );
    // The greeting, then the reply to the caller's one turn.
    await vi.waitFor(() => expect(figures()).toHaveLength(2));
    const [afterGreeting, afterTurn] = figures();
    expect(afterGreeting?.latenciesMs).toEqual([]);
    expect(afterTurn?.latenciesMs).toHaveLength(1);
    const outputAudio = realtime.usage.responses.reduce(
      (sum, usage) => sum + usage.output_token_details.audio_tokens,
      0,
    );
    expect(afterTurn?.voiceTokens?.outputAudio).toBe(outputAudio);
    expect(afterTurn?.cost?.currency).toBe('USD');
    opened.ws.close();
    // The test call is in the usage ledger once it ends, under the admin, with the tokens measured.
    await vi.waitFor(async () => {
      const { rows } = await app.pool.query<{ kind: string; channel: string; tokens: string }>(
        "select kind, channel, tokens from usage_entry where tenant_id = 'voice-test' and source_id = $1",
        [`voice-test:${sessionId}`],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ kind: 'call', channel: 'web' });
      expect(Number(rows[0]?.tokens)).toBeGreaterThan(outputAudio);
    });
  });

  it('pause_audio stops the microphone reaching the model; resume_audio lets it through again', async () => {
    const { websocketUrl } = await startTest();
    const opened = await connect(websocketUrl, browser());
    const realtime = await fake.nextSession();
    await vi.waitFor(() => expect(realtime.eventsOf('response.create')).toHaveLength(1));
    opened.ws.send(JSON.stringify({ type: 'pause_audio' }));
    await vi.waitFor(() => expect(realtime.eventsOf('input_audio_buffer.clear')).toHaveLength(1));
    opened.ws.send(toneChunk());
    opened.ws.send(JSON.stringify({ type: 'resume_audio' }));
    opened.ws.send(toneChunk());
    await vi.waitFor(() => expect(realtime.eventsOf('input_audio_buffer.append')).toHaveLength(1));
    opened.ws.close();
  });

  it('interrupt cancels the reply and truncates what was not heard', async () => {
    fake.setScript({ chunkIntervalMs: 30, audioChunksPerReply: 100 });
    const { websocketUrl } = await startTest();
    const opened = await connect(websocketUrl, browser());
    const realtime = await fake.nextSession();
    await vi.waitFor(() => expect(opened.audio.length).toBeGreaterThanOrEqual(2));
    opened.ws.send(JSON.stringify({ type: 'interrupt', timestamp: Date.now() }));
    await vi.waitFor(() => expect(realtime.eventsOf('response.cancel')).toHaveLength(1));
    await vi.waitFor(() => expect(realtime.eventsOf('conversation.item.truncate')).toHaveLength(1));
    fake.setScript({ chunkIntervalMs: 0, audioChunksPerReply: 3 });
    opened.ws.close();
  });

  it('accepts a ticket once, only with the asking admin session, from the same origin', async () => {
    const first = await startTest();
    (await connect(first.websocketUrl, browser())).ws.close();
    await fake.nextSession();
    await expect(connect(first.websocketUrl, browser())).rejects.toThrow('403');

    const other = await app.signedIn(await app.createUser({ isAdmin: true, tenantId: 'voice-test' }));
    await expect(connect((await startTest()).websocketUrl, browser(other))).rejects.toThrow('403');
    await expect(
      connect((await startTest()).websocketUrl, { ...browser(), Origin: 'https://evil.test' }),
    ).rejects.toThrow('403');
    await expect(connect((await startTest()).websocketUrl, { Origin: app.baseUrl })).rejects.toThrow('401');
    const session = await startTest();
    await expect(
      connect(session.websocketUrl.replace(/token=.*/, 'token=forged'), browser()),
    ).rejects.toThrow('403');
    expect((await admin.get(new URL(session.websocketUrl).pathname)).status).toBe(426);
  });

  it('closes the test socket within a second of its admin signing out', async () => {
    const leaving = await app.signedIn(await app.createUser({ isAdmin: true, tenantId: 'voice-test' }));
    const opened = await connect((await startTest(leaving)).websocketUrl, browser(leaving));
    await fake.nextSession();
    const closed = new Promise<number>((resolve) => opened.ws.once('close', (code) => resolve(code)));
    const closedAt = timeOf(closed);
    const loggedOutAt = performance.now();
    expect((await leaving.post('/api/logout')).status).toBe(200);
    expect(await within(closed, WAIT_MS, 'the test socket closing after logout')).toBe(SESSION_ENDED);
    // A second, measured from the logout being sent to the close, with the loaded machine's margin.
    expect((await closedAt) - loggedOutAt).toBeLessThan(1_000 + LOADED_MACHINE_MARGIN_MS);
  });

  it('closes the test socket of an admin who is demoted', async () => {
    const demoted = await app.createUser({ isAdmin: true, tenantId: 'voice-test' });
    const client = await app.signedIn(demoted);
    const opened = await connect((await startTest(client)).websocketUrl, browser(client));
    await fake.nextSession();
    const closed = new Promise<number>((resolve) => opened.ws.once('close', (code) => resolve(code)));
    const closedAt = timeOf(closed);
    const demotedAt = performance.now();
    await app.pool.query('update app_user set is_admin = false where id = $1', [demoted.user.id]);
    expect(await within(closed, WAIT_MS, 'the test socket closing after demotion')).toBe(SESSION_ENDED);
    expect((await closedAt) - demotedAt).toBeLessThan(1_000 + LOADED_MACHINE_MARGIN_MS);
  });

  it('is 404 for an unknown profile', async () => {
    expect((await admin.post('/api/voice/profiles/00000000-0000-4000-8000-000000000000/test')).status).toBe(
      404,
    );
  });
});

const bare = await startTestApp();

describe('without OPENAI_API_KEY', () => {
  it('Test answers 503 naming the variable', async () => {
    const bareAdmin = await bare.signedIn(await bare.createUser({ isAdmin: true }));
    const created = (await bareAdmin.post('/api/voice/profiles', { name: 'x' })).body;
    const response = await bareAdmin.post(`/api/voice/profiles/${created.id}/test`);
    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      message: 'Voice test is not configured: set OPENAI_API_KEY',
      code: 'not_configured',
    });
  });

  it("Test answers 404 for another tenant's profile, not 503: the profile is looked up first", async () => {
    const owner = await bare.signedIn(await bare.createUser({ isAdmin: true, tenantId: 'owner' }));
    const other = await bare.signedIn(await bare.createUser({ isAdmin: true, tenantId: 'other' }));
    const created = (await owner.post('/api/voice/profiles', { name: 'Private' })).body;
    const response = await other.post(`/api/voice/profiles/${created.id}/test`);
    expect(response.status).toBe(404);
  });
});
