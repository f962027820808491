import { describe, expect, it } from 'vitest';
import { floatToPcm16 } from './capture-worklet.js';
import { pcm16ToFloat } from './pcm16.ts';

describe('PCM16 conversion', () => {
  it('reads back what the microphone worklet wrote within one step', () => {
    const samples = new Float32Array([0.25, -0.75, 0.001]);
    const back = pcm16ToFloat(floatToPcm16(samples));
    for (const [i, sample] of samples.entries()) expect(back[i]).toBeCloseTo(sample, 3);
  });
});
