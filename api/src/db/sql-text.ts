import type { Pool } from './pool.ts';

/** What the plain-row readers need: a pg Pool, or a client inside a transaction. */
export type Queryable = Pick<Pool, 'query'>;

/** A timestamptz as the ISO 8601 text `Date#toISOString` gives (UTC, milliseconds, `Z`). */
export function isoSql(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
