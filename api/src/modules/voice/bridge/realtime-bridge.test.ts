import { FALLBACK_REALTIME_MODEL, VOICE_PROFILE_DEFAULTS } from '@annie/contracts/voice-profiles';
import {
  type OpenAIRealtimeFake,
  startOpenAIRealtimeFake,
  toneChunk,
} from '@annie/fakes/openai-realtime-fake';
import type { RealtimeAudioConfig, RealtimeSessionCreateRequest } from 'openai/resources/realtime/realtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { compileVoiceSession } from '../profiles/index.ts';
import { PCM16_24K } from './audio-format.ts';
import type { BridgeHooks, BridgeTranscriptEntry } from './realtime-bridge.ts';
import { RealtimeBridges } from './realtime-bridges.ts';

const compiled = compileVoiceSession(
  { ...VOICE_PROFILE_DEFAULTS, name: 'Test', instructions: 'Take messages.' },
  { instructions: '', personalityTraits: [], model: null },
  FALLBACK_REALTIME_MODEL,
);

let fake: OpenAIRealtimeFake;
let bridges: RealtimeBridges;
let audio: Buffer[];
let transcript: BridgeTranscriptEntry[];
let ends: string[];
let clears: number;

const hooks = (extra: Partial<BridgeHooks> = {}): BridgeHooks => ({
  onAudio: (chunk) => audio.push(chunk),
  onTranscript: (entry) => transcript.push(entry),
  onClearAudio: () => {
    clears += 1;
  },
  onEnd: (reason) => ends.push(reason),
  ...extra,
});

beforeEach(async () => {
  fake = await startOpenAIRealtimeFake({ apiKey: 'sk-test' });
  bridges = new RealtimeBridges({ apiKey: 'sk-test', baseURL: fake.baseURL, ca: fake.ca });
  audio = [];
  transcript = [];
  ends = [];
  clears = 0;
});

afterEach(async () => {
  bridges.closeAll();
  await fake.close();
});

describe('RealtimeBridge against the OpenAI realtime fake (wss, official SDK)', () => {
  it('configures the session from the compiled profile and greets first', async () => {
    await bridges.open({ compiled, format: PCM16_24K, hooks: hooks(), greet: true });
    const session = await fake.nextSession();
    await vi.waitFor(() => expect(session.eventsOf('response.create')).toHaveLength(1));
    expect(session.url).toBe(`/v1/realtime?model=${FALLBACK_REALTIME_MODEL}`);
    const update = session.eventsOf('session.update')[0]?.session as RealtimeSessionCreateRequest & {
      audio: Required<RealtimeAudioConfig>;
    };
    expect(update.instructions).toBe(compiled.instructions);
    expect(update.audio.input.turn_detection).toMatchObject({
      type: 'server_vad',
      threshold: 0.55,
      idle_timeout_ms: 6000,
    });
    expect(update.audio.input.format).toEqual({ type: 'audio/pcm', rate: 24000 });
    expect(update.audio.output.voice).toBe('cedar');
    expect(update.audio.input.transcription?.model).toBeTruthy();
    await vi.waitFor(() =>
      expect(transcript).toContainEqual({
        speaker: 'assistant',
        text: expect.stringContaining('Good afternoon'),
      }),
    );
    expect(Buffer.concat(audio)).toEqual(Buffer.concat([toneChunk(), toneChunk(), toneChunk()]));
  });

  it('carries caller audio up and the transcribed turn and reply back', async () => {
    const bridge = await bridges.open({ compiled, format: PCM16_24K, hooks: hooks(), greet: false });
    const session = await fake.nextSession();
    const frame = toneChunk();
    for (let i = 0; i < 5; i++) bridge.appendAudio(frame);
    await vi.waitFor(() => expect(transcript.map((entry) => entry.speaker)).toEqual(['user', 'assistant']));
    expect(session.appendedAudioBytes).toBe(frame.length * 5);
    expect(Buffer.from(String(session.eventsOf('input_audio_buffer.append')[0]?.audio), 'base64')).toEqual(
      frame,
    );
    expect(transcript[0]?.text).toBe('Good afternoon, James. What is in my diary today?');
    expect(audio.length).toBe(3);
  });

  it('drops caller audio while paused and carries it again after resume', async () => {
    const bridge = await bridges.open({ compiled, format: PCM16_24K, hooks: hooks(), greet: false });
    const session = await fake.nextSession();
    bridge.pause();
    bridge.appendAudio(toneChunk());
    bridge.resume();
    bridge.appendAudio(toneChunk());
    await vi.waitFor(() => expect(session.eventsOf('input_audio_buffer.append')).toHaveLength(1));
    expect(session.eventsOf('input_audio_buffer.clear')).toHaveLength(1);
    expect(session.appendedAudioBytes).toBe(toneChunk().length);
  });

  it('on interrupt cancels the reply in progress and truncates the unheard audio', async () => {
    fake.setScript({ chunkIntervalMs: 40, audioChunksPerReply: 50 });
    const bridge = await bridges.open({ compiled, format: PCM16_24K, hooks: hooks(), greet: true });
    const session = await fake.nextSession();
    await vi.waitFor(() => expect(audio.length).toBeGreaterThanOrEqual(2));
    bridge.interrupt();
    await vi.waitFor(() => expect(session.eventsOf('conversation.item.truncate')).toHaveLength(1));
    await vi.waitFor(() => expect(session.eventsOf('response.cancel')).toHaveLength(1));
    const truncate = session.eventsOf('conversation.item.truncate')[0] ?? { type: 'missing' };
    expect(truncate.content_index).toBe(0);
    expect(Number(truncate.audio_end_ms)).toBeLessThanOrEqual(audio.length * 100);
    expect(clears).toBe(1);
    const heard = audio.length;
    await vi.waitFor(() => expect(session.received.at(-1)?.type).toBe('conversation.item.truncate'));
    expect(audio.length).toBeLessThanOrEqual(heard + 1);
  });

  it('runs a requested tool and returns its output before asking for the next response', async () => {
    fake.setScript({ functionCall: { name: 'search_knowledge_base', arguments: '{"query":"diary"' } });
    const calls: unknown[] = [];
    const runTool = async (name: string, args: Record<string, unknown>) => {
      calls.push({ name, args });
      return { results: [] };
    };
    await bridges.open({ compiled, format: PCM16_24K, hooks: hooks({ runTool }), greet: true });
    const session = await fake.nextSession();
    await vi.waitFor(() => expect(session.eventsOf('conversation.item.create')).toHaveLength(1));
    expect(calls).toEqual([{ name: 'search_knowledge_base', args: {} }]);
    const item = session.eventsOf('conversation.item.create')[0]?.item as Record<string, unknown>;
    expect(item).toMatchObject({ type: 'function_call_output', output: '{"results":[]}' });
    await vi.waitFor(() => expect(session.eventsOf('response.create')).toHaveLength(2));
  });

  it('updates the session without its model (set at connection; an update may not change it)', async () => {
    await bridges.open({ compiled, format: PCM16_24K, hooks: hooks(), greet: false });
    const session = await fake.nextSession();
    await vi.waitFor(() => expect(session.eventsOf('session.update')).toHaveLength(1));
    expect(session.eventsOf('session.update')[0]?.session).not.toHaveProperty('model');
    expect(session.url).toBe(`/v1/realtime?model=${compiled.model}`);
    expect(session.errorsSent).toEqual([]);
  });

  it('answers every tool call of a response, then asks once for the next response', async () => {
    fake.setScript({
      functionCalls: [
        { name: 'search_knowledge_base', arguments: '{"query":"diary"}' },
        { name: 'web_search', arguments: '{"query":"weather"}' },
      ],
    });
    const waiting = new Map<string, () => void>();
    const runTool = (name: string) =>
      new Promise<unknown>((resolve) => waiting.set(name, () => resolve({ ok: name })));
    await bridges.open({ compiled, format: PCM16_24K, hooks: hooks({ runTool }), greet: true });
    const session = await fake.nextSession();
    await vi.waitFor(() => expect([...waiting.keys()]).toHaveLength(2));
    waiting.get('search_knowledge_base')?.();
    await vi.waitFor(() => expect(session.eventsOf('conversation.item.create')).toHaveLength(1));
    waiting.get('web_search')?.();
    await vi.waitFor(() => expect(session.eventsOf('conversation.item.create')).toHaveLength(2));
    await vi.waitFor(() => expect(transcript).toHaveLength(1));
    // The greeting's response.create, then the two outputs, then one response.create: nothing between.
    const types = session.received
      .map((event) => event.type)
      .filter((type) => type === 'response.create' || type === 'conversation.item.create');
    expect(types).toEqual([
      'response.create',
      'conversation.item.create',
      'conversation.item.create',
      'response.create',
    ]);
    expect(session.errorsSent).toEqual([]);
  });

  it("saves the caller's words before the reply to them, even when their transcription comes after it", async () => {
    fake.setScript({ transcriptionAfterResponse: true });
    const bridge = await bridges.open({ compiled, format: PCM16_24K, hooks: hooks(), greet: false });
    const session = await fake.nextSession();
    for (let i = 0; i < 5; i++) bridge.appendAudio(toneChunk());
    await vi.waitFor(() => expect(transcript).toHaveLength(2));
    expect(transcript.map((entry) => entry.speaker)).toEqual(['user', 'assistant']);
    const types = session.received.map((event) => event.type);
    expect(types).not.toContain('response.create');
  });

  it('saves an interrupted reply only as far as the caller heard it', async () => {
    const words = Array.from({ length: 20 }, (_, index) => `word${index}`);
    fake.setScript({ assistantReply: words.join(' '), audioChunksPerReply: 20 });
    const bridge = await bridges.open({ compiled, format: PCM16_24K, hooks: hooks(), greet: true });
    const session = await fake.nextSession();
    // The whole reply (2 s) was generated at once; the caller cuts in after about half a second of it.
    await vi.waitFor(() => expect(audio).toHaveLength(20));
    bridge.interrupt(Date.now() + 520);
    await vi.waitFor(() => expect(transcript).toHaveLength(1));
    const [line] = transcript;
    expect(line?.text.startsWith(words.slice(0, 6).join(' '))).toBe(true);
    expect(line?.text.endsWith('…')).toBe(true);
    expect(line?.text.split(' ').length).toBeLessThan(9);
    await vi.waitFor(() => expect(session.eventsOf('conversation.item.truncate')).toHaveLength(1));
    const [truncate] = session.eventsOf('conversation.item.truncate');
    expect(Number(truncate?.audio_end_ms)).toBeGreaterThanOrEqual(520);
    expect(session.errorsSent).toEqual([]);
  });

  it('closes the realtime socket when the caller ends, and every bridge on shutdown', async () => {
    const first = await bridges.open({ compiled, format: PCM16_24K, hooks: hooks(), greet: false });
    const firstSession = await fake.nextSession();
    await bridges.open({ compiled, format: PCM16_24K, hooks: hooks(), greet: false });
    const secondSession = await fake.nextSession();
    first.close('test ended');
    await vi.waitFor(() => expect(firstSession.closed).toBe(true));
    expect(ends).toEqual(['test ended']);
    expect(bridges.liveCount).toBe(1);
    bridges.closeAll();
    await vi.waitFor(() => expect(secondSession.closed).toBe(true));
    expect(ends).toEqual(['test ended', 'server shutting down']);
    expect(bridges.liveCount).toBe(0);
  });

  it('ends the bridge when the realtime side hangs up', async () => {
    await bridges.open({ compiled, format: PCM16_24K, hooks: hooks(), greet: false });
    await fake.nextSession();
    await fake.close();
    await vi.waitFor(() => expect(ends).toEqual(['realtime session closed']));
    fake = await startOpenAIRealtimeFake();
  });

  it('refuses to open with a wrong key, naming the failure, and closes the refused connection', async () => {
    const wrong = new RealtimeBridges({ apiKey: 'sk-wrong', baseURL: fake.baseURL, ca: fake.ca });
    await expect(wrong.open({ compiled, format: PCM16_24K, hooks: hooks(), greet: false })).rejects.toThrow(
      /HTTP 401: Incorrect API key provided/,
    );
    await vi.waitFor(() => expect(fake.refusedOpen()).toBe(0));
  });
});
