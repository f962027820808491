import { describe, expect, it } from 'vitest';
import { floatToPcm16, pcm16ToFloat } from './pcm16.ts';

describe('PCM16 conversion', () => {
  it('writes little-endian 16-bit samples, clipping beyond full scale', () => {
    const view = new DataView(floatToPcm16(new Float32Array([0, 1, -1, 2, -0.5])));
    expect([0, 1, 2, 3, 4].map((i) => view.getInt16(i * 2, true))).toEqual([0, 32767, -32768, 32767, -16384]);
  });

  it('reads back what it wrote within one step', () => {
    const samples = new Float32Array([0.25, -0.75, 0.001]);
    const back = pcm16ToFloat(floatToPcm16(samples));
    for (const [i, sample] of samples.entries()) expect(back[i]).toBeCloseTo(sample, 3);
  });
});
