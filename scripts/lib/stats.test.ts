import { describe, expect, it } from 'vitest';
import { ms, percentile, summary, verdict } from './stats.ts';

describe('percentile (nearest rank)', () => {
  const sorted = Array.from({ length: 100 }, (_, i) => i + 1);

  it('takes the value at rank ceil(p/100 × n)', () => {
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 95)).toBe(95);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile(sorted, 100)).toBe(100);
  });

  it('stays inside the list at the edges', () => {
    expect(percentile(sorted, 0)).toBe(1);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([1, 2, 3], 50)).toBe(2);
  });

  it('is NaN for an empty list', () => {
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('summary', () => {
  it('sorts a copy and gives p50, p95 and max', () => {
    const values = [9, 1, 5, 3, 7, 2, 8, 4, 6, 10];
    expect(summary(values)).toEqual({ p50: 5, p95: 10, max: 10 });
    expect(values[0]).toBe(9);
  });
});

describe('formatting', () => {
  it('prints milliseconds and verdicts', () => {
    expect(ms(12.345)).toBe('12 ms');
    expect(ms(12.345, 1)).toBe('12.3 ms');
    expect(verdict(true)).toBe('ok');
    expect(verdict(false)).toBe('MISSED');
  });
});
