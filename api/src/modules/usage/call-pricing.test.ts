import type { ModelPrice } from '@annie/contracts/usage';
import { describe, expect, it } from 'vitest';
import { type MeasuredCallInput, priceCall } from './call-pricing.ts';

// Prices of made-up models, so each figure below can be worked out by hand (USD per million tokens,
// or per minute).
const prices: Record<string, ModelPrice> = {
  voice: {
    per: 'tokens',
    textIn: 4,
    textCached: 0.4,
    textOut: 16,
    audioIn: 32,
    audioCached: 0.4,
    audioOut: 64,
  },
  'minute-transcriber': { per: 'minute', usd: 0.006 },
  'token-transcriber': {
    per: 'tokens',
    textIn: 2.5,
    textCached: 0,
    textOut: 10,
    audioIn: 6,
    audioCached: 0,
    audioOut: 0,
  },
  live: { per: 'minute', usd: 0.05 },
  backend: { per: 'tokens', textIn: 1, textCached: 0.1, textOut: 4, audioIn: 0, audioCached: 0, audioOut: 0 },
};
const settings = { prices, currency: 'EUR' as const, usdRate: 0.5 };

const voice = {
  inputText: 1000,
  cachedText: 200,
  inputAudio: 2000,
  cachedAudio: 500,
  outputText: 300,
  outputAudio: 1500,
};
// (800×4 + 200×0.4 + 300×16 + 1500×32 + 500×0.4 + 1500×64) / 1e6
const VOICE_USD = 0.15228;

const measured = (over: Partial<MeasuredCallInput> = {}): MeasuredCallInput => ({
  latenciesMs: [123.456, 80.04, 410.25],
  interruptions: 2,
  tools: [{ name: 'lookup', durationMs: 12.6, outcome: 'ok' }],
  voice,
  transcription: { inputText: 10, inputAudio: 20, output: 30, seconds: 90 },
  ...over,
});

describe('priceCall', () => {
  it('prices the voice tokens and the transcription minutes, and converts the total', () => {
    const priced = priceCall(
      measured(),
      { voice: 'voice', transcription: 'minute-transcriber' },
      settings,
      'server',
    );
    // 1.5 minutes of transcription at 0.006.
    expect(priced.costUsd).toBe(0.16128);
    expect(priced.tokens).toBe(1000 + 2000 + 300 + 1500 + 10 + 20 + 30);
    expect(priced.figures).toEqual({
      source: 'server',
      latenciesMs: [123.5, 80, 410.3],
      latency: { p50: 124, p95: 410, max: 410 },
      interruptions: 2,
      tools: [{ name: 'lookup', durationMs: 13, outcome: 'ok' }],
      voiceTokens: { model: 'voice', ...voice },
      transcription: { model: 'minute-transcriber', inputText: 10, inputAudio: 20, output: 30, seconds: 90 },
      twilio: null,
      cost: { amount: 0.08064, currency: 'EUR' },
    });
  });

  it('prices a transcription model by its tokens: text in and out, audio in', () => {
    const priced = priceCall(
      measured({ transcription: { inputText: 400, inputAudio: 1000, output: 200, seconds: 60 } }),
      { voice: 'voice', transcription: 'token-transcriber' },
      settings,
      'client-reported',
    );
    // (400×2.5 + 200×10 + 1000×6) / 1e6 = 0.009
    expect(priced.costUsd).toBe(0.16128);
    expect(priced.figures.cost).toEqual({ amount: 0.08064, currency: 'EUR' });
  });

  it('costs nothing for a transcription model that was never used, priced or not', () => {
    const unused = { inputText: 7, inputAudio: 0, output: 0, seconds: 0 };
    const priced = priceCall(
      measured({ transcription: unused }),
      { voice: 'voice', transcription: 'unpriced' },
      settings,
      'server',
    );
    expect(priced.costUsd).toBe(VOICE_USD);
    expect(priced.tokens).toBe(4800 + 7);
    const without = priceCall(
      measured({ transcription: unused }),
      { voice: 'voice', transcription: null },
      settings,
      'server',
    );
    expect(without.costUsd).toBe(VOICE_USD);
    expect(without.figures.transcription).toBeNull();
  });

  it('does not know the cost when a model that was used has no price', () => {
    for (const transcription of [
      { inputText: 0, inputAudio: 5, output: 0, seconds: 0 },
      { inputText: 0, inputAudio: 0, output: 5, seconds: 0 },
      { inputText: 0, inputAudio: 0, output: 0, seconds: 5 },
    ]) {
      const priced = priceCall(
        measured({ transcription }),
        { voice: 'voice', transcription: 'unpriced' },
        settings,
        'server',
      );
      expect(priced.costUsd).toBeNull();
      expect(priced.figures.cost).toBeNull();
    }
    const unpricedVoice = priceCall(
      measured(),
      { voice: 'unpriced', transcription: 'minute-transcriber' },
      settings,
      'server',
    );
    expect(unpricedVoice.costUsd).toBeNull();
    expect(unpricedVoice.figures.cost).toBeNull();
    // The figures are kept all the same.
    expect(unpricedVoice.tokens).toBe(4860);
  });

  it('rounds the cost to a millionth of a dollar', () => {
    const tiny = {
      inputText: 1,
      cachedText: 0,
      inputAudio: 0,
      cachedAudio: 0,
      outputText: 0,
      outputAudio: 0,
    };
    const priced = priceCall(
      measured({ voice: tiny, transcription: { inputText: 0, inputAudio: 0, output: 0, seconds: 0.01 } }),
      { voice: 'voice', transcription: 'minute-transcriber' },
      { ...settings, usdRate: 1 / 3 },
      'server',
    );
    // 0.000004 + 0.000001 (0.01 s at 0.006 a minute)
    expect(priced.costUsd).toBe(0.000005);
    expect(priced.figures.cost).toEqual({ amount: 0.000002, currency: 'EUR' });
    expect(priced.figures.latency).toEqual({ p50: 124, p95: 410, max: 410 });
  });

  it('has no latency summary for a call without turns', () => {
    const priced = priceCall(
      measured({ latenciesMs: [] }),
      { voice: 'voice', transcription: null },
      settings,
      'server',
    );
    expect(priced.figures.latenciesMs).toEqual([]);
    expect(priced.figures.latency).toBeNull();
  });
});

describe('priceCall for a GPT-Live call', () => {
  const live = {
    model: 'live',
    seconds: 125.456,
    backendModel: 'backend',
    backend: { input: 1000, cached: 400, output: 200, reasoning: 50 },
  };

  it('prices the voice by the minute and the backend by its text tokens', () => {
    const priced = priceCall(
      measured({ live }),
      { voice: 'voice', transcription: 'minute-transcriber' },
      settings,
      'server',
    );
    // 125.456 s at 0.05 a minute = 0.10454667; backend (600×1 + 400×0.1 + 200×4) / 1e6 = 0.00144.
    expect(priced.costUsd).toBe(0.105987);
    expect(priced.tokens).toBe(1200);
    expect(priced.figures).toEqual({
      source: 'server',
      latenciesMs: [123.5, 80, 410.3],
      latency: { p50: 124, p95: 410, max: 410 },
      interruptions: 2,
      tools: [{ name: 'lookup', durationMs: 13, outcome: 'ok' }],
      voiceTokens: null,
      transcription: null,
      live: {
        model: 'live',
        seconds: 125.46,
        backendModel: 'backend',
        backendTokens: { input: 1000, cached: 400, output: 200, reasoning: 50 },
      },
      twilio: null,
      cost: { amount: 0.052994, currency: 'EUR' },
    });
  });

  it('costs nothing for a backend never asked, priced or not', () => {
    const quiet = {
      ...live,
      backendModel: 'unpriced',
      backend: { input: 0, cached: 0, output: 0, reasoning: 0 },
    };
    expect(
      priceCall(measured({ live: quiet }), { voice: 'voice', transcription: null }, settings, 'server')
        .costUsd,
    ).toBe(0.104547);
  });

  it('does not know the cost when the voice or a used backend has no price', () => {
    for (const backend of [
      { input: 5, cached: 0, output: 0, reasoning: 0 },
      { input: 0, cached: 0, output: 5, reasoning: 0 },
    ]) {
      const priced = priceCall(
        measured({ live: { ...live, backendModel: 'unpriced', backend } }),
        { voice: 'voice', transcription: null },
        settings,
        'server',
      );
      expect(priced.costUsd).toBeNull();
      expect(priced.figures.cost).toBeNull();
    }
    const unpricedVoice = priceCall(
      measured({ live: { ...live, model: 'unpriced' } }),
      { voice: 'voice', transcription: null },
      settings,
      'server',
    );
    expect(unpricedVoice.costUsd).toBeNull();
    expect(unpricedVoice.tokens).toBe(1200);
  });
});
