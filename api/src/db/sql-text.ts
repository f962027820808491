export type { Queryable } from './transaction.ts';

/** A timestamptz as the ISO 8601 text `Date#toISOString` gives (UTC, milliseconds, `Z`). */
export function isoSql(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
