import { describe, expect, it } from 'vitest';
import {
  formatCallDuration,
  formatDateAndTime,
  formatDateTime,
  formatMoney,
  formatMs,
  formatRelativeTime,
  formatTime,
  titleCase,
} from './format.ts';

// Local-time constructors keep these tests independent of the machine's time zone.
const afternoon = new Date(2025, 0, 5, 15, 4, 9);

describe('formatDateTime', () => {
  it('shows en-US short month, day, year, hour and minute', () => {
    expect(formatDateTime(afternoon)).toBe('Jan 5, 2025, 3:04 PM');
  });

  it('accepts an ISO string and epoch milliseconds', () => {
    expect(formatDateTime(afternoon.toISOString())).toBe('Jan 5, 2025, 3:04 PM');
    expect(formatDateTime(afternoon.getTime())).toBe('Jan 5, 2025, 3:04 PM');
  });

  it('shows midnight as 12 AM and returns empty text for an invalid date', () => {
    expect(formatDateTime(new Date(2024, 11, 31, 0, 0))).toBe('Dec 31, 2024, 12:00 AM');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('formatDateAndTime', () => {
  it('names an untitled conversation by its start, like "Jan 5, 2025 3:04 PM"', () => {
    expect(formatDateAndTime(afternoon)).toBe('Jan 5, 2025 3:04 PM');
    expect(formatDateAndTime('nope')).toBe('');
  });
});

describe('formatTime', () => {
  it('shows h:mm a without a leading zero on the hour', () => {
    expect(formatTime(afternoon)).toBe('3:04 PM');
    expect(formatTime(new Date(2025, 0, 5, 9, 30))).toBe('9:30 AM');
    expect(formatTime(new Date(2025, 0, 5, 12, 0))).toBe('12:00 PM');
  });

  it('returns empty text for an invalid date', () => {
    expect(formatTime(Number.NaN)).toBe('');
  });
});

describe('formatCallDuration', () => {
  it('says Ongoing while the call has no end', () => {
    expect(formatCallDuration(afternoon)).toBe('Ongoing');
    expect(formatCallDuration(afternoon, null)).toBe('Ongoing');
  });

  it('shows m:ss with zero-padded seconds', () => {
    expect(formatCallDuration('2025-01-05T15:00:00Z', '2025-01-05T15:02:05Z')).toBe('2:05');
    expect(formatCallDuration('2025-01-05T15:00:00Z', '2025-01-05T15:00:59.900Z')).toBe('0:59');
  });

  it('keeps counting minutes past an hour and never goes negative', () => {
    expect(formatCallDuration('2025-01-05T15:00:00Z', '2025-01-05T16:15:03Z')).toBe('75:03');
    expect(formatCallDuration('2025-01-05T15:00:10Z', '2025-01-05T15:00:00Z')).toBe('0:00');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date(2025, 5, 15, 12, 0, 0);
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it('picks the largest fitting unit', () => {
    expect(formatRelativeTime(ago(0), now)).toBe('now');
    expect(formatRelativeTime(ago(30), now)).toBe('30 seconds ago');
    expect(formatRelativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(3 * 3600), now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(86_400), now)).toBe('yesterday');
    expect(formatRelativeTime(ago(3 * 86_400), now)).toBe('3 days ago');
    expect(formatRelativeTime(ago(14 * 86_400), now)).toBe('2 weeks ago');
    expect(formatRelativeTime(ago(90 * 86_400), now)).toBe('3 months ago');
    expect(formatRelativeTime(ago(800 * 86_400), now)).toBe('2 years ago');
  });

  it('handles the future and string input', () => {
    expect(formatRelativeTime(new Date(now.getTime() + 2 * 3600 * 1000).toISOString(), now)).toBe(
      'in 2 hours',
    );
  });

  it('returns empty text for an invalid date', () => {
    expect(formatRelativeTime('garbage', now)).toBe('');
  });
});

describe('titleCase', () => {
  it('turns snake, kebab and spaced words into Title Case', () => {
    expect(titleCase('compliance_check')).toBe('Compliance Check');
    expect(titleCase('green-score')).toBe('Green Score');
    expect(titleCase('SUPPLIER_search')).toBe('Supplier Search');
    expect(titleCase('formulate')).toBe('Formulate');
    expect(titleCase('')).toBe('');
  });
});

describe('formatMoney', () => {
  it('shows a call cost to the tenth of a cent, larger sums to the cent, in the given currency', () => {
    expect(formatMoney(0.03125, 'USD')).toBe('$0.0313');
    expect(formatMoney(12.5, 'EUR')).toBe('€12.50');
    expect(formatMoney(1.5, 'XYZ')).toBe('XYZ 1.50');
  });
});

describe('formatMs', () => {
  it('shows milliseconds below a second and seconds above', () => {
    expect(formatMs(419.6)).toBe('420 ms');
    expect(formatMs(1250)).toBe('1.25 s');
  });
});
