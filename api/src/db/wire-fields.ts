import { isoSql } from './sql-text.ts';

/**
 * One field of a wire shape (a DTO a route answers), read from one entity property: the columns it
 * reads, the SQL expression that builds it from a row, and how it is read off a loaded entity. A list
 * query builds its rows in SQL and a single answer maps an entity in Node; both derive from the same
 * field map, so a field added to the map reaches both, and a map that misses a field of the contract's
 * shape does not compile (`satisfies WireFields<Entity, Dto>`).
 */
export type WireField<E, V> = {
  /** The columns the expression reads (a list query selects them before it builds the JSON). */
  readonly columns: readonly string[];
  /** The JSON value built from the row `alias`. */
  readonly sql: (alias: string) => string;
  /** The same value read off a loaded entity. */
  readonly dto: (entity: E) => V;
};

/** A field map for the wire shape `D`: exactly its keys, each built from the entity `E`. */
export type WireFields<E, D> = { readonly [K in keyof D]-?: WireField<E, D[K]> };

/** Any field map of the entity `E`. */
type AnyFields<E> = Record<string, WireField<E, unknown>>;
/** What the SQL derivations read of a field map. */
export type SqlFields = Record<string, Pick<WireField<never, unknown>, 'columns' | 'sql'>>;

/** The DTO a field map builds. */
export type DtoOf<F> = { [K in keyof F]: F[K] extends WireField<never, infer V> ? V : never };

/** The column MikroORM's default naming strategy gives a property (`createdAt` → `created_at`). */
function columnOf(property: string): string {
  return property.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

function field<E, V>(property: string, sql: (ref: string) => string, dto: (entity: E) => V): WireField<E, V> {
  const column = columnOf(property);
  return { columns: [column], sql: (alias) => sql(`${alias}.${column}`), dto };
}

/**
 * The kinds of field an entity property makes, for the entity `E` (`wireFieldsOf<KnowledgeNote>()`).
 * The column is the property's snake_case name.
 */
export function wireFieldsOf<E>() {
  type Key = keyof E & string;
  return {
    /** Text, a number, a boolean or an enum, as stored. */
    plain: <P extends Key>(property: P): WireField<E, E[P]> =>
      field(
        property,
        (ref) => ref,
        (entity: E) => entity[property],
      ),
    /** A value that may be absent: `null` on the wire. */
    nullable: <P extends Key>(property: P): WireField<E, NonNullable<E[P]> | null> =>
      field(
        property,
        (ref) => ref,
        (entity: E) => entity[property] ?? null,
      ),
    /** A text array: a JSON array (a copy, not the entity's own array). */
    list: <P extends Key>(property: P): WireField<E, E[P]> =>
      field(
        property,
        (ref) => `to_json(${ref})`,
        (entity: E) => [...(entity[property] as unknown[])] as E[P],
      ),
    /** A timestamp: ISO 8601 in UTC, as `Date#toISOString` writes it. */
    instant: <P extends Key>(property: P): WireField<E, string> =>
      field(property, isoSql, (entity: E) => (entity[property] as Date).toISOString()),
    /** A timestamp that may be absent. */
    nullableInstant: <P extends Key>(property: P): WireField<E, string | null> =>
      field(
        property,
        isoSql,
        (entity: E) => (entity[property] as Date | null | undefined)?.toISOString() ?? null,
      ),
    /** JSON kept as its text: the JSON value itself (of the type `V`). */
    jsonText: <V>(property: Key): WireField<E, V> =>
      field(
        property,
        (ref) => `${ref}::json`,
        (entity: E) => JSON.parse(entity[property] as string) as V,
      ),
  };
}

/** `json_build_object` of named SQL expressions, in their order. */
export function jsonObjectSql(expressions: Record<string, string>): string {
  const pairs = Object.entries(expressions).map(([name, sql]) => `'${name}', ${sql}`);
  return `json_build_object(${pairs.join(', ')})`;
}

/** The JSON object a field map builds from the row `alias`. */
export function fieldsJsonSql(fields: SqlFields, alias: string): string {
  return jsonObjectSql(Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, f.sql(alias)])));
}

/** The select list of the columns a field map reads from `alias` (each once). */
export function fieldsColumnsSql(fields: SqlFields, alias: string): string {
  const columns = new Set(Object.values(fields).flatMap((f) => f.columns));
  return [...columns].map((column) => `${alias}.${column}`).join(', ');
}

/** The DTO a field map reads off a loaded entity. */
export function toDto<E, F extends AnyFields<E>>(fields: F, entity: E): DtoOf<F> {
  return Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, f.dto(entity)])) as DtoOf<F>;
}
