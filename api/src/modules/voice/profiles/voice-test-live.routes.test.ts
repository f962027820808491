import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type VoiceTestServerMessage,
  voiceTestServerMessageSchema,
  voiceTestSessionSchema,
} from '@annie/contracts/voice-session';
import { startOpenAILiveFake } from '@annie/fakes/openai-live-fake';
import { toneChunk } from '@annie/fakes/openai-realtime-fake';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { startTestApp } from '../../../../test/test-app.ts';

// The Voice Console's test panel on a profile whose engine is GPT-Live: the same socket and messages,
// GPT-Live behind them (PCM16 24 kHz both ways).
const live = await startOpenAILiveFake({
  apiKey: 'sk-test',
  script: { bytesPerUserTurn: toneChunk().length * 3, msPerWord: 50, usageEveryMs: 200 },
});
const caFile = join(tmpdir(), `live-fake-${process.pid}.pem`);
writeFileSync(caFile, live.ca);
const app = await startTestApp({
  OPENAI_API_KEY: 'sk-test',
  OPENAI_LIVE_BASE_URL: live.baseURL,
  OPENAI_LIVE_CA_FILE: caFile,
});
afterAll(() => live.close());
afterEach(() => expect(live.sessions.flatMap((session) => session.errorsSent)).toEqual([]));

const admin = await app.signedIn(await app.createUser({ isAdmin: true, tenantId: 'voice-test-live' }));
const profile = (await admin.post('/api/voice/profiles', { name: 'Live test', engine: 'live' })).body;

async function openPanel() {
  const response = await admin.post(`/api/voice/profiles/${profile.id}/test`);
  expect(response.status).toBe(200);
  const { websocketUrl } = voiceTestSessionSchema.parse(response.body);
  const ws = new WebSocket(websocketUrl, { headers: { Cookie: admin.cookieHeader, Origin: app.baseUrl } });
  const texts: VoiceTestServerMessage[] = [];
  const audio: Buffer[] = [];
  ws.on('message', (data, isBinary) => {
    if (isBinary) audio.push(data as Buffer);
    else texts.push(voiceTestServerMessageSchema.parse(JSON.parse(data.toString())));
  });
  await new Promise((resolve) => ws.once('open', resolve));
  return { ws, texts, audio, session: await live.nextSession() };
}

describe('the Voice Console test panel on a GPT-Live profile', () => {
  it('starts GPT-Live in PCM16 24 kHz, greets, hears a turn, answers it, and sends the figures', async () => {
    const { ws, texts, audio, session } = await openPanel();
    await vi.waitFor(() => expect(session.resource).not.toBeNull());
    expect(session.resource).toMatchObject({
      model: 'gpt-live-1.1',
      audio: { format: { type: 'audio/pcm', rate: 24000 } },
      delegation: { type: 'responses' },
    });
    await vi.waitFor(() => expect(session.wordsSentAt.length).toBeGreaterThanOrEqual(5), { timeout: 5_000 });
    for (let i = 0; i < 3; i++) ws.send(toneChunk());
    const figures = () => texts.flatMap((text) => (text.type === 'figures' ? [text.figures] : []));
    await vi.waitFor(() => expect(figures().at(-1)?.latenciesMs).toHaveLength(1), { timeout: 8_000 });
    expect(figures().at(-1)?.live?.model).toBe('gpt-live-1.1');
    await vi.waitFor(
      () =>
        expect(texts).toContainEqual({
          type: 'transcript',
          speaker: 'user',
          text: 'What is in my diary today?',
        }),
      { timeout: 5_000 },
    );
    // GPT-Live's voice reaches the panel in 20 ms frames of PCM16 at 24 kHz.
    expect(audio[0]).toHaveLength(960);
    ws.close();
    await vi.waitFor(() => expect(session.closedReason).toBe('close_requested'), { timeout: 12_000 });
  });

  it('pause_audio mutes GPT-Live’s input and resume_audio unmutes it; interrupt sends nothing', async () => {
    const { ws, session } = await openPanel();
    await vi.waitFor(() => expect(session.resource).not.toBeNull());
    ws.send(JSON.stringify({ type: 'pause_audio' }));
    ws.send(JSON.stringify({ type: 'interrupt', timestamp: Date.now() }));
    ws.send(JSON.stringify({ type: 'resume_audio' }));
    await vi.waitFor(() => expect(session.eventsOf('session.input_audio.unmute')).toHaveLength(1));
    expect(session.received.map((event) => event.type).filter((type) => type.includes('mute'))).toEqual([
      'session.input_audio.mute',
      'session.input_audio.unmute',
    ]);
    ws.close();
  });
});
