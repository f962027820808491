import { describe, expect, it } from 'vitest';
import { RECONNECT_MAX_MS, reconnectDelay } from './reconnect-delay.ts';

describe('reconnectDelay', () => {
  it('doubles with each failure in a row', () => {
    const top = () => 1;
    expect([0, 1, 2, 3, 4].map((failures) => reconnectDelay(failures, top))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000,
    ]);
  });

  it('stops growing at the ceiling', () => {
    expect(reconnectDelay(5, () => 1)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(50, () => 1)).toBe(RECONNECT_MAX_MS);
  });

  it('jitters within the upper half of the step', () => {
    expect(reconnectDelay(2, () => 0)).toBe(2_000);
    expect(reconnectDelay(2, () => 0.5)).toBe(3_000);
    expect(reconnectDelay(50, () => 0)).toBe(RECONNECT_MAX_MS / 2);
  });
});
