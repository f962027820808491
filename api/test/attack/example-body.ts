import { randomUUID } from 'node:crypto';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  minItems?: number;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/**
 * The smallest value a JSON schema (as zod's toJSONSchema writes it) accepts, by a best effort: required
 * properties only (the first property when none is required), the first enum member, minimum lengths. Used as the valid base the fuzz set mutates
 * and to seed one tenant's data; a route whose body it cannot satisfy is still fuzzed.
 */
export function exampleOf(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (variant) return exampleOf(variant, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((each) => each !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      // A body of optional fields only (a PATCH) names its first: an empty one is refused before any lookup.
      const first = Object.keys(schema.properties ?? {}).slice(0, 1);
      const names = schema.required?.length ? schema.required : first;
      return Object.fromEntries(names.map((name) => [name, exampleOf(schema.properties?.[name], depth + 1)]));
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => exampleOf(schema.items, depth + 1));
    case 'string':
      return exampleString(schema);
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 0, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return false;
    default:
      return null;
  }
}

function exampleString(schema: JsonSchema): string {
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'email') return 'someone@example.test';
  if (schema.format === 'uri' || schema.format === 'url') return 'https://example.test/';
  if (schema.format === 'date-time') return new Date().toISOString();
  return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
}
