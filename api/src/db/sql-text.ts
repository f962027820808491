export type { Queryable } from './transaction.ts';

/** A timestamptz as the ISO 8601 text `Date#toISOString` gives (UTC, milliseconds, `Z`). */
export function isoSql(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A search's ILIKE pattern for "contains", LIKE's wildcards taken literally; null for no search. */
export function containsPattern(text: string | undefined): string | null {
  const trimmed = text?.trim();
  return trimmed ? `%${trimmed.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : null;
}

/**
 * When a search is a phone number typed any way ("(415) 555-2671", "+1 415"), the LIKE pattern of its
 * digits for a number's digits (`regexp_replace(phone, '\D', '', 'g') like …`); null otherwise.
 */
export function phoneDigitsPattern(text: string | undefined): string | null {
  const digits = text?.replace(/[\s()+\-.]/g, '') ?? '';
  return /^\d+$/.test(digits) ? `%${digits}%` : null;
}
