import type { Pool } from '../../db/pool.ts';

/** What the plain-row readers need: a pg Pool, or a client inside a transaction. */
export type Queryable = Pick<Pool, 'query'>;

/** A timestamptz as the ISO 8601 text `Date#toISOString` gives (UTC, milliseconds, `Z`). */
export function isoSql(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The fact DTO built in SQL; the same fields, names and formats as `toFactDto`. */
export function factJsonSql(alias: string): string {
  return `json_build_object(
    'id', ${alias}.id, 'key', ${alias}.key, 'value', ${alias}.value_text::json, 'unit', ${alias}.unit,
    'version', ${alias}.version, 'source', ${alias}.source,
    'createdAt', ${isoSql(`${alias}.created_at`)}, 'approvedAt', ${isoSql(`${alias}.approved_at`)})`;
}

/** The note DTO built in SQL; the same fields, names and formats as `toNoteDto`. */
export function noteJsonSql(alias: string): string {
  return `json_build_object(
    'id', ${alias}.id, 'title', ${alias}.title, 'body', ${alias}.body, 'tags', to_json(${alias}.tags),
    'source', ${alias}.source,
    'createdAt', ${isoSql(`${alias}.created_at`)}, 'updatedAt', ${isoSql(`${alias}.updated_at`)})`;
}

/** Escapes LIKE wildcards so user text matches literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}
