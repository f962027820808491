import { FALLBACK_REALTIME_MODEL, VOICE_PROFILE_DEFAULTS } from '@annie/contracts/voice-profiles';
import { startOpenAILiveFake } from '@annie/fakes/openai-live-fake';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { compileVoiceSession } from '../../profiles/index.ts';
import { MULAW_8K } from '../audio-format.ts';
import type { BridgeHooks, BridgeTranscriptEntry } from '../realtime-bridge.ts';
import { LiveBridges } from './live-bridges.ts';

const compiled = compileVoiceSession(
  { ...VOICE_PROFILE_DEFAULTS, name: 'Test', engine: 'live', instructions: 'Take messages.' },
  { instructions: '', personalityTraits: [], model: null },
  FALLBACK_REALTIME_MODEL,
);
const fake = await startOpenAILiveFake({ apiKey: 'sk-test', script: { msPerWord: 40 } });
const bridges = new LiveBridges({ apiKey: 'sk-test', baseURL: fake.baseURL, ca: fake.ca });
afterAll(() => fake.close());
let refusalsExpected = 0;
afterEach(() => {
  bridges.closeAll();
  expect(fake.sessions.flatMap((session) => session.errorsSent)).toHaveLength(refusalsExpected);
});

function recorder() {
  const lines: BridgeTranscriptEntry[] = [];
  const ends: string[] = [];
  const hooks: BridgeHooks = {
    onAudio: () => {},
    onTranscript: (entry) => lines.push(entry),
    onEnd: (reason) => ends.push(reason),
  };
  return { lines, ends, hooks };
}

const waitFor = <T>(check: () => T) => vi.waitFor(check, { timeout: 5_000, interval: 20 });

describe('LiveBridge against the Live fake (wss, official SDK)', () => {
  it('seeds a resumed call with its history, and queues what is sent before session.started', async () => {
    const { hooks } = recorder();
    const bridge = await bridges.open({
      compiled,
      format: MULAW_8K,
      hooks,
      greet: false,
      history: [
        { speaker: 'user', text: 'Is she in today?' },
        { speaker: 'assistant', text: 'She is in meetings until four.' },
      ],
    });
    // Before session.started: held, then sent in order once it has started.
    bridge.tellModel('The caller is back after a dropped line.');
    bridge.appendAudio(Buffer.alloc(160, 0xff));
    const session = await fake.nextSession();
    await waitFor(() => expect(session.eventsOf('session.commentary.append')).toHaveLength(1));
    expect(session.received.map((event) => event.type).slice(0, 3)).toEqual([
      'session.start',
      'session.commentary.append',
      'session.input_audio.append',
    ]);
    expect(session.resource?.input).toEqual([
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Is she in today?' }] },
      {
        type: 'message',
        role: 'assistant',
        content: [{ type: 'output_text', text: 'She is in meetings until four.' }],
      },
    ]);
  });

  it('says goodbye by commentary, then closes with session.close once it has been said', async () => {
    const { hooks, lines, ends } = recorder();
    fake.setScript({ commentaryReply: 'Goodbye for now.' });
    const bridge = await bridges.open({ compiled, format: MULAW_8K, hooks, greet: true });
    const session = await fake.nextSession();
    await waitFor(() => expect(session.wordsSentAt.length).toBe(5));
    bridge.sayGoodbyeAndEnd('The server is restarting: say goodbye and that they may call back.');
    await waitFor(() => expect(ends).toHaveLength(1));
    expect(ends).toEqual(['goodbye said']);
    expect(session.eventsOf('session.commentary.append').at(-1)?.content).toBe(
      'The server is restarting: say goodbye and that they may call back.',
    );
    expect(session.eventsOf('session.close')).toHaveLength(1);
    expect(session.closedReason).toBe('close_requested');
    expect(lines.map((line) => line.text).join(' ')).toContain('Goodbye for now.');
  });

  it('ends the call when GPT-Live refuses the session, rather than holding the caller in silence', async () => {
    const { hooks, ends } = recorder();
    const errors: string[] = [];
    refusalsExpected = 1;
    await bridges.open({
      compiled: { ...compiled, live: { ...compiled.live, model: 'gpt-live-9' } },
      format: MULAW_8K,
      hooks: { ...hooks, onError: (message) => errors.push(message) },
      greet: true,
    });
    await waitFor(() => expect(ends).toHaveLength(1));
    expect(ends[0]).toMatch(/^GPT-Live refused the session: The model `gpt-live-9` does not exist/);
    expect(errors).toHaveLength(1);
  });
});
