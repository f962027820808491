export {
  formatPhone,
  loadPhoneFormat,
  phoneFormatLoaded,
  usePhoneFormat,
  withPhoneFormat,
} from './phone.ts';

/** Anything the API hands us as a moment in time. */
export type DateInput = Date | string | number;

const LOCALE = 'en-US';

/**
 * Made on first use, then kept: an Intl formatter loads its locale's data when constructed (tens of ms
 * on a slow phone), which at import time would land in the first render of every screen that imports
 * this file, whether or not it shows a date.
 */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

const dateTimeFormat = once(
  () =>
    new Intl.DateTimeFormat(LOCALE, {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);
const dateFormat = once(
  () => new Intl.DateTimeFormat(LOCALE, { month: 'short', day: 'numeric', year: 'numeric' }),
);
const timeFormat = once(() => new Intl.DateTimeFormat(LOCALE, { hour: 'numeric', minute: '2-digit' }));
const relativeFormat = once(() => new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' }));

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

// ICU puts a narrow no-break space before AM/PM; a plain space keeps copied text and text matching predictable.
function plainSpaces(text: string): string {
  return text.replace(/[\u202f\u00a0]/g, ' ');
}

/** "Jan 5, 2025, 3:04 PM" (en-US, local time); empty for an invalid date. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? plainSpaces(dateTimeFormat().format(date)) : '';
}

/** "Jan 5, 2025 3:04 PM" (no comma before the time, as untitled conversations are named); empty for an invalid date. */
export function formatDateAndTime(value: DateInput): string {
  const date = toDate(value);
  return date ? `${plainSpaces(dateFormat().format(date))} ${formatTime(date)}` : '';
}

/** "3:04 PM" (h:mm a, local time); empty for an invalid date. */
export function formatTime(value: DateInput): string {
  const date = toDate(value);
  return date ? plainSpaces(timeFormat().format(date)) : '';
}

/** "Ongoing" without an end, else the elapsed m:ss (minutes unbounded, e.g. "75:03"). */
export function formatCallDuration(startedAt: DateInput, endedAt?: DateInput | null): string {
  if (endedAt === undefined || endedAt === null) return 'Ongoing';
  const start = toDate(startedAt);
  const end = toDate(endedAt);
  if (!start || !end) return '';
  const totalSeconds = Math.max(0, Math.floor((end.getTime() - start.getTime()) / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

const RELATIVE_STEPS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.348],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "5 minutes ago", "yesterday", "in 2 hours" relative to now; empty for an invalid date. */
export function formatRelativeTime(value: DateInput, now: DateInput = new Date()): string {
  const date = toDate(value);
  const reference = toDate(now);
  if (!date || !reference) return '';
  let amount = (date.getTime() - reference.getTime()) / 1000;
  for (const [unit, perNextUnit] of RELATIVE_STEPS) {
    if (Math.abs(amount) < perNextUnit) return relativeFormat().format(Math.round(amount), unit);
    amount /= perNextUnit;
  }
  return '';
}

/** "compliance_check" → "Compliance Check"; splits on underscores, hyphens and spaces. */
export function titleCase(value: string): string {
  return value
    .split(/[_\-\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

/**
 * "$0.0312", "€1.20": an amount in `currency` (ISO code), with up to four decimals below one unit so a
 * call's cents stay visible; an unknown code is shown after the number.
 */
export function formatMoney(amount: number, currency: string): string {
  const digits = Math.abs(amount) < 1 ? 4 : 2;
  try {
    return plainSpaces(
      new Intl.NumberFormat(LOCALE, {
        style: 'currency',
        currency,
        minimumFractionDigits: 2,
        maximumFractionDigits: digits,
      }).format(amount),
    );
  } catch {
    return `${amount.toFixed(digits)} ${currency}`;
  }
}

/** "420 ms" below a second, "1.25 s" above: a response time. */
export function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}
