import { FALLBACK_REALTIME_MODEL, VOICE_PROFILE_DEFAULTS } from '@annie/contracts/voice-profiles';
import { startOpenAILiveFake } from '@annie/fakes/openai-live-fake';
import { startOpenAIRealtimeFake } from '@annie/fakes/openai-realtime-fake';
import { afterAll, describe, expect, it } from 'vitest';
import { compileVoiceSession } from '../profiles/index.ts';
import { MULAW_8K } from './audio-format.ts';
import { CallEngines, chooseEngine } from './call-engines.ts';
import { LiveBridges } from './live/live-bridges.ts';
import { RealtimeBridges } from './realtime-bridges.ts';

/** A seeded uniform draw (mulberry32), so a run of 100 calls is the same run every time. */
function seededDraw(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const compile = (engine: 'realtime' | 'live', engineSplitPercent: number) =>
  compileVoiceSession(
    { ...VOICE_PROFILE_DEFAULTS, name: 'Split', engine, engineSplitPercent },
    { instructions: '', personalityTraits: [], model: null },
    FALLBACK_REALTIME_MODEL,
  );

describe('the engine a call runs on', () => {
  it('is the profile’s, unless the draw falls within its split', () => {
    const realtime = compile('realtime', 30);
    expect([0, 0.29, 0.3, 0.99].map((draw) => chooseEngine(realtime, draw))).toEqual([
      'live',
      'live',
      'realtime',
      'realtime',
    ]);
    expect(chooseEngine(compile('live', 0), 0)).toBe('live');
    expect(chooseEngine(compile('live', 100), 0.999)).toBe('realtime');
  });

  it('with the production draw, sends the asked share to the other engine (100,000 draws, within a point)', () => {
    const compiled = compile('live', 25);
    let other = 0;
    for (let call = 0; call < 100_000; call += 1)
      if (chooseEngine(compiled, Math.random()) === 'realtime') other += 1;
    expect(Math.abs(other / 1_000 - 25)).toBeLessThan(1);
  });

  it('sends the asked share of real calls to the other engine (100 calls, within 10 points)', async () => {
    const [realtimeFake, liveFake] = await Promise.all([
      startOpenAIRealtimeFake({ apiKey: 'sk-test' }),
      startOpenAILiveFake({ apiKey: 'sk-test' }),
    ]);
    afterAll(() => Promise.all([realtimeFake.close(), liveFake.close()]));
    const engines = new CallEngines(
      new RealtimeBridges({ apiKey: 'sk-test', baseURL: realtimeFake.baseURL, ca: realtimeFake.ca }),
      new LiveBridges({ apiKey: 'sk-test', baseURL: liveFake.baseURL, ca: liveFake.ca }),
      seededDraw(46),
    );
    const compiled = compile('realtime', 30);
    const hooks = { onAudio: () => {}, onTranscript: () => {} };
    for (let call = 0; call < 100; call += 1) {
      const opened = await engines.open({ compiled, format: MULAW_8K, hooks, greet: false });
      opened.close('measured');
    }
    expect(realtimeFake.sessions.length + liveFake.sessions.length).toBe(100);
    expect(liveFake.sessions.length).toBeGreaterThanOrEqual(20);
    expect(liveFake.sessions.length).toBeLessThanOrEqual(40);
  });
});
