import { useSyncExternalStore } from 'react';

type International = (normalized: string) => string | undefined;

// The metadata for every other country lives in its own chunk: the first screen (the voice home, whose
// chunk imports this file) must not carry it. Until it arrives only North American numbers are formatted.
let international: International | undefined;
let loading: Promise<void> | undefined;
// Changes when the formatter arrives, so the components that asked for it (usePhoneFormat) render again.
let version: (raw: string) => string = (raw) => formatPhone(raw);
const listeners = new Set<() => void>();

/**
 * Fetches the formatter for numbers outside North America, once (again later if it failed: the numbers
 * then stay as they are, never an error). Resolves when it is there or has failed.
 */
export function loadPhoneFormat(): Promise<void> {
  loading ??= import('./phone-international.ts').then(
    (module) => {
      international = module.formatInternationalPhone;
      version = (raw) => formatPhone(raw);
      for (const listener of listeners) listener();
    },
    () => {
      loading = undefined;
    },
  );
  return loading;
}

/** True once loadPhoneFormat has brought the formatter for numbers outside North America. */
export function phoneFormatLoaded(): boolean {
  return international !== undefined;
}

/**
 * The digits as ASCII (full-width, Arabic-Indic and Eastern Arabic-Indic ones too, as libphonenumber reads
 * them), a leading + kept, everything else dropped. Not libphonenumber's own parseIncompletePhoneNumber:
 * this file is on the first screen, and its digit table is bytes there.
 */
function normalize(raw: string): string {
  const digits = raw
    .replace(/[０-９٠-٩۰-۹]/g, (digit) => String(digit.charCodeAt(0) & 0xf))
    .replace(/\D/g, '');
  return /^\s*[+＋]/.test(raw) ? `+${digits}` : digits;
}

/** "(415) 555-2671" for +1 and 10 digits or 11 starting with 1 (by digit count, any area code). */
function northAmerican(normalized: string): string | undefined {
  const digits = normalized.replace('+', '');
  const national =
    digits.length === 11 && digits.startsWith('1')
      ? digits.slice(1)
      : digits.length === 10 && !normalized.startsWith('+')
        ? digits
        : undefined;
  if (!national) return undefined;
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}

/**
 * A phone number for people to read: North American ones as "(415) 555-2671" (10 digits, or 11 starting
 * with 1), any other given with its country code in international form, "+44 20 7946 0958"; anything that
 * is no possible number unchanged. Numbers outside North America need loadPhoneFormat first: until then
 * (and while it loads, which the first such number starts) they are shown unchanged. A component that may
 * render before it is loaded takes the function from usePhoneFormat, which renders it again once it is.
 */
export function formatPhone(raw: string): string {
  const normalized = normalize(raw);
  const nanp = northAmerican(normalized);
  if (nanp) return nanp;
  if (!normalized.startsWith('+')) return raw;
  if (international) return international(normalized) ?? raw;
  if (typeof window !== 'undefined') void loadPhoneFormat();
  return raw;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * formatPhone for a component: it renders again when the formatter for numbers outside North America
 * arrives, and the function it gives changes then (for useMemo's dependencies).
 */
export function usePhoneFormat(): (raw: string) => string {
  return useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
}

/**
 * A lazy page's loader that also brings the phone formatter, so the page's first render shows every
 * number formatted: `lazy(withPhoneFormat(() => import('./pages/contacts-page.tsx')))`.
 */
export function withPhoneFormat<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadPhoneFormat()]).then(([module]) => module);
}
