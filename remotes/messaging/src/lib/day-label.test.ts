import { describe, expect, it } from 'vitest';
import { dayLabel, groupByDay } from './day-label.ts';

const now = new Date(2025, 0, 8, 10, 0);

describe('dayLabel', () => {
  it('says Today, Yesterday, then the weekday with month and day', () => {
    expect(dayLabel(new Date(2025, 0, 8, 0, 1), now)).toBe('Today');
    expect(dayLabel(new Date(2025, 0, 7, 23, 59), now)).toBe('Yesterday');
    expect(dayLabel(new Date(2025, 0, 6, 12, 0), now)).toBe('Monday, January 6');
  });
});

describe('groupByDay', () => {
  it('cuts messages into runs of one day each', () => {
    const at = (day: number, hour: number) => ({ createdAt: new Date(2025, 0, day, hour).toISOString() });
    const groups = groupByDay([at(6, 9), at(6, 18), at(8, 8)], now);
    expect(groups.map((group) => [group.label, group.messages.length])).toEqual([
      ['Monday, January 6', 2],
      ['Today', 1],
    ]);
  });
});
