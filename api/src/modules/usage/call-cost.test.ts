import { describe, expect, it } from 'vitest';
import { costUsd, latencySummary } from './call-cost.ts';
import { DEFAULT_PRICES, PRICED_ON, priceOf } from './price-table.ts';

// What a call costs and how its latency reads on the Usage screen: the arithmetic, with amounts where
// each rate and each kind of token changes the result.

const use = {
  inputText: 1_000,
  cachedText: 200,
  outputText: 300,
  inputAudio: 2_000,
  cachedAudio: 500,
  outputAudio: 700,
};

describe('what a call costs', () => {
  it('bills uncached input, cached input and output of text and audio each at its own rate', () => {
    // gpt-realtime-2.1: text 4 / 0.4 / 24, audio 32 / 0.4 / 64 USD per million tokens.
    const price = DEFAULT_PRICES['gpt-realtime-2.1'];
    if (!price) throw new Error('gpt-realtime-2.1 has no default price');
    // text 800 × 4 + 200 × 0.4 + 300 × 24 = 10 480; audio 1 500 × 32 + 500 × 0.4 + 700 × 64 = 93 000.
    expect(costUsd(price, use)).toBeCloseTo(0.10348, 12);
    // Seconds do not change a token price.
    expect(costUsd(price, use, 600)).toBeCloseTo(0.10348, 12);
  });

  it('bills each kind alone at its rate (no kind counted at another kind’s rate)', () => {
    const price = {
      per: 'tokens' as const,
      textIn: 2,
      textCached: 3,
      textOut: 5,
      audioIn: 7,
      audioCached: 11,
      audioOut: 13,
    };
    const none = {
      inputText: 0,
      cachedText: 0,
      outputText: 0,
      inputAudio: 0,
      cachedAudio: 0,
      outputAudio: 0,
    };
    const million = 1_000_000;
    expect(costUsd(price, { ...none, inputText: million })).toBe(2);
    expect(costUsd(price, { ...none, inputText: million, cachedText: million })).toBe(3);
    expect(costUsd(price, { ...none, outputText: million })).toBe(5);
    expect(costUsd(price, { ...none, inputAudio: million })).toBe(7);
    expect(costUsd(price, { ...none, inputAudio: million, cachedAudio: million })).toBe(11);
    expect(costUsd(price, { ...none, outputAudio: million })).toBe(13);
    expect(costUsd(price, none)).toBe(0);
  });

  it('bills a per-minute price by the second, whatever the tokens', () => {
    const live = priceOf('gpt-live-1', {});
    if (!live) throw new Error('gpt-live-1 has no default price');
    expect(costUsd(live, use, 90)).toBeCloseTo(0.075, 12);
    expect(costUsd(live, use)).toBe(0);
  });
});

describe('the prices a cost is read at', () => {
  it("takes the tenant's override before the default, and knows no price for an unknown model", () => {
    const override = { per: 'minute' as const, usd: 0.01 };
    expect(priceOf('gpt-live-1', { 'gpt-live-1': override })).toBe(override);
    expect(priceOf('gpt-live-1', { 'gpt-realtime-2': override })).toEqual({ per: 'minute', usd: 0.05 });
    expect(priceOf('my-own-model', {})).toBeUndefined();
    expect(priceOf('my-own-model', { 'my-own-model': override })).toBe(override);
  });

  it('says on which day the default prices were read (the Usage screen shows it beside them)', () => {
    expect(PRICED_ON).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Number.isNaN(Date.parse(PRICED_ON))).toBe(false);
  });

  it('prices the configured models by token or by minute as OpenAI bills them', () => {
    const billing = Object.fromEntries(
      Object.entries(DEFAULT_PRICES).map(([model, price]) => [model, price.per]),
    );
    expect(billing).toEqual({
      'gpt-realtime-2.1': 'tokens',
      'gpt-realtime-2': 'tokens',
      'gpt-realtime-2.1-mini': 'tokens',
      'gpt-realtime-1.5': 'tokens',
      'gpt-live-1': 'minute',
      'gpt-live-1.1': 'minute',
      'gpt-transcribe': 'minute',
      'gpt-realtime-whisper': 'minute',
      'gpt-6-luna': 'tokens',
    });
  });
});

describe("a call's latency summary", () => {
  it('is nothing for a call without a turn, and the one latency for a single turn', () => {
    expect(latencySummary([])).toBeNull();
    expect(latencySummary([240.6])).toEqual({ p50: 241, p95: 241, max: 241 });
  });

  it('reads p50 and p95 by nearest rank from the latencies in numeric order, rounded to the ms', () => {
    // Sorted: 95, 300, 1200; p50 is the 2nd (rank ⌈1.5⌉), p95 the 3rd (rank ⌈2.85⌉).
    expect(latencySummary([1_200, 95, 300.4])).toEqual({ p50: 300, p95: 1_200, max: 1_200 });
    const twenty = Array.from({ length: 20 }, (_, index) => (20 - index) * 100);
    // Sorted 100 … 2000: p50 is the 10th (1000), p95 the 19th (1900).
    expect(latencySummary(twenty)).toEqual({ p50: 1_000, p95: 1_900, max: 2_000 });
    expect(twenty[0]).toBe(2_000); // the caller's figures are not reordered
  });
});
