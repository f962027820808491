import { describe, expect, it } from 'vitest';
import { type MeasuredCall, nothingMeasured } from '../bridge/index.ts';
import { mergeMeasured } from './stream-figures.ts';

const liveStream = (seconds: number, output: number): MeasuredCall => ({
  ...nothingMeasured(),
  latenciesMs: [200],
  live: {
    model: 'gpt-live-1.1',
    seconds,
    backendModel: 'gpt-6-luna',
    backend: { input: 10, cached: 0, output, reasoning: 1 },
  },
});

describe('mergeMeasured', () => {
  it('a GPT-Live call resumed on a new session adds both sessions’ seconds and backend tokens', () => {
    const merged = mergeMeasured([liveStream(30, 5), liveStream(12, 7)]);
    expect(merged.latenciesMs).toEqual([200, 200]);
    expect(merged.live).toEqual({
      model: 'gpt-live-1.1',
      seconds: 42,
      backendModel: 'gpt-6-luna',
      backend: { input: 20, cached: 0, output: 12, reasoning: 2 },
    });
  });

  it('a Realtime call stays without Live usage', () => {
    expect(mergeMeasured([nothingMeasured(), nothingMeasured()]).live).toBeUndefined();
  });
});
