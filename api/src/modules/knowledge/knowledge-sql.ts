import { isoSql } from '../../db/sql-text.ts';

export { isoSql, type Queryable } from '../../db/sql-text.ts';

/** The fact DTO built in SQL; the same fields, names and formats as `toFactDto`. */
export function factJsonSql(alias: string): string {
  return `json_build_object(
    'id', ${alias}.id, 'key', ${alias}.key, 'value', ${alias}.value_text::json, 'unit', ${alias}.unit,
    'version', ${alias}.version, 'source', ${alias}.source, 'shareable', ${alias}.shareable,
    'createdAt', ${isoSql(`${alias}.created_at`)}, 'approvedAt', ${isoSql(`${alias}.approved_at`)})`;
}

/** The note DTO built in SQL; the same fields, names and formats as `toNoteDto`. */
export function noteJsonSql(alias: string): string {
  return `json_build_object(
    'id', ${alias}.id, 'title', ${alias}.title, 'body', ${alias}.body, 'tags', to_json(${alias}.tags),
    'source', ${alias}.source, 'shareable', ${alias}.shareable,
    'createdAt', ${isoSql(`${alias}.created_at`)}, 'updatedAt', ${isoSql(`${alias}.updated_at`)})`;
}

/** Escapes LIKE wildcards so user text matches literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}
