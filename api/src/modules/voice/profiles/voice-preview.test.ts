import { describe, expect, it } from 'vitest';
import { PREVIEW_TTL_MS, VoicePreviewCache } from './voice-preview.ts';

describe('VoicePreviewCache', () => {
  it('keeps a sample per tenant and voice for the TTL, then makes it again', async () => {
    let now = 0;
    const cache = new VoicePreviewCache({ now: () => now });
    let made = 0;
    const make = async () => Buffer.from([++made]);
    expect(await cache.sample('a', 'cedar', make)).toEqual(Buffer.from([1]));
    expect(await cache.sample('a', 'cedar', make)).toEqual(Buffer.from([1]));
    expect(await cache.sample('a', 'marin', make)).toEqual(Buffer.from([2]));
    expect(await cache.sample('b', 'cedar', make)).toEqual(Buffer.from([3]));
    now = PREVIEW_TTL_MS - 1;
    expect(await cache.sample('a', 'cedar', make)).toEqual(Buffer.from([1]));
    now = PREVIEW_TTL_MS;
    expect(await cache.sample('a', 'cedar', make)).toEqual(Buffer.from([4]));
  });

  it('shares one request between plays at once, and keeps no failure', async () => {
    const cache = new VoicePreviewCache();
    let calls = 0;
    let release: (audio: Buffer) => void = () => {};
    const make = () => {
      calls++;
      return new Promise<Buffer>((resolve) => {
        release = resolve;
      });
    };
    const both = Promise.all([cache.sample('a', 'cedar', make), cache.sample('a', 'cedar', make)]);
    release(Buffer.from('x'));
    expect(await both).toEqual([Buffer.from('x'), Buffer.from('x')]);
    expect(calls).toBe(1);
    await expect(cache.sample('a', 'marin', () => Promise.reject(new Error('refused')))).rejects.toThrow(
      'refused',
    );
    expect(await cache.sample('a', 'marin', async () => Buffer.from('y'))).toEqual(Buffer.from('y'));
  });
});
