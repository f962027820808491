import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;
/** Requests are described by what a route accepts (zod's input), responses by what it answers (output). */
export type Direction = 'input' | 'output';
const DIRECTIONS: Direction[] = ['output', 'input'];

const PREFIX = '#/components/schemas/';
/** Registry ids of the operations' own schemas while they are converted (never components). */
const OPERATION = 'Operation';

/**
 * Where the document keeps a named schema: its output form under its name, its input form (defaults
 * optional, for instance) under `<name>Input`.
 */
const pointer = (io: Direction) => (id: string) => `${PREFIX}${io === 'input' ? `${id}Input` : id}`;

function refsIn(json: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(json)) for (const each of json) refsIn(each, into);
  else if (json && typeof json === 'object') {
    for (const [key, value] of Object.entries(json)) {
      if (key === '$ref' && typeof value === 'string') into.add(value);
      else refsIn(value, into);
    }
  }
  return into;
}

/**
 * The JSON Schemas of a document's operations, converted with zod's own registry conversion
 * (`z.toJSONSchema(registry, { uri })`, one pass per direction): a named schema becomes a reference
 * to `#/components/schemas/<name>` wherever it appears, recursion included, so nothing refers to a
 * `$defs` the document does not have. The dialect is OpenAPI 3.1's, JSON Schema draft 2020-12.
 */
export class SchemaComponents {
  readonly #named: [string, z.ZodType][];
  readonly #names = new Map<z.ZodType, string>();
  readonly #converted: Record<Direction, Map<z.ZodType, JsonSchema>> = {
    input: new Map(),
    output: new Map(),
  };
  readonly #components = new Map<string, JsonSchema>();
  /** Every reference the operations make, to emit only the components they use. */
  readonly #used = new Set<string>();

  /** `schemas`: every schema the operations use, in each direction. */
  constructor(named: Record<string, z.ZodType>, schemas: Record<Direction, (z.ZodType | undefined)[]>) {
    this.#named = Object.entries(named);
    for (const [id, schema] of this.#named) this.#names.set(schema, id);
    for (const io of DIRECTIONS) {
      const own = [...new Set(schemas[io])]
        .filter((schema): schema is z.ZodType => schema !== undefined && !this.#names.has(schema))
        .map((schema, index) => ({ schema, id: `${OPERATION}${index}` }));
      const registry = this.#registry();
      for (const { schema, id } of own) registry.add(schema, { id });
      const converted = this.#convert(registry, io);
      const operationRefs = new Set(own.map(({ id }) => pointer(io)(id)));
      for (const { schema, id } of own) {
        const json = converted[id] ?? {};
        // An operation's schema inside another's: refer to neither, spell it out alone.
        const refersToOperation = [...refsIn(json)].some((ref) => operationRefs.has(ref));
        this.#converted[io].set(schema, refersToOperation ? this.#alone(schema, io) : json);
      }
      // The named schemas alone: an operation's schema inside one of them is spelled out there.
      for (const [id, json] of Object.entries(this.#convert(this.#registry(), io))) {
        this.#components.set(pointer(io)(id), json);
      }
    }
  }

  #convert(registry: z.core.$ZodRegistry<{ id: string }>, io: Direction): Record<string, JsonSchema> {
    const { schemas } = z.toJSONSchema(registry, {
      io,
      target: 'draft-2020-12',
      uri: pointer(io),
      unrepresentable: 'any',
    }) as { schemas: Record<string, JsonSchema> };
    if (schemas.__shared) {
      throw new Error(
        'A recursive schema has no name: add it to namedSchemas so the document can refer to it',
      );
    }
    // `$schema` and `$id` say where a standalone JSON Schema lives; inside the document they do not apply.
    return Object.fromEntries(
      Object.entries(schemas).map(([id, { $schema: _, $id: __, ...json }]) => [id, json]),
    );
  }

  /** A registry of the named schemas (`except` left out). */
  #registry(except?: z.ZodType) {
    const registry = z.registry<{ id: string }>();
    for (const [id, schema] of this.#named) if (schema !== except) registry.add(schema, { id });
    return registry;
  }

  /** The schema converted on its own with the named ones (itself spelled out even if it is named). */
  #alone(schema: z.ZodType, io: Direction): JsonSchema {
    const registry = this.#registry(schema);
    registry.add(schema, { id: OPERATION });
    const json = this.#convert(registry, io)[OPERATION] ?? {};
    if (refsIn(json).has(pointer(io)(OPERATION))) {
      throw new Error('An operation schema refers to itself: add it to namedSchemas');
    }
    return json;
  }

  #use(json: JsonSchema): JsonSchema {
    for (const ref of refsIn(json)) this.#used.add(ref);
    return json;
  }

  /** One schema of an operation: a reference if it is named, else spelled out with references in it. */
  of(schema: z.ZodType, io: Direction): JsonSchema {
    const name = this.#names.get(schema);
    if (name !== undefined) return this.#use({ $ref: pointer(io)(name) });
    const json = this.#converted[io].get(schema);
    if (!json) throw new Error('A schema the document was not built with');
    return this.#use(json);
  }

  /** The schema spelled out even if it is named (a query object, read property by property). */
  spelledOut(schema: z.ZodType, io: Direction): JsonSchema {
    return this.#names.has(schema) ? this.#use(this.#alone(schema, io)) : this.of(schema, io);
  }

  /** `components.schemas`: the named schemas the operations refer to, and those these refer to. */
  schemas(): Record<string, JsonSchema> {
    const wanted = [...this.#used];
    const kept = new Set<string>();
    for (let ref = wanted.pop(); ref !== undefined; ref = wanted.pop()) {
      const json = this.#components.get(ref);
      if (kept.has(ref) || !json) continue;
      kept.add(ref);
      wanted.push(...refsIn(json));
    }
    return Object.fromEntries(
      [...kept].sort().map((ref) => [ref.slice(PREFIX.length), this.#components.get(ref) ?? {}]),
    );
  }
}
