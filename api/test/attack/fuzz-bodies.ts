import { exampleOf, type JsonSchema } from './example-body.ts';

/** One hostile body: a name for the report, and the raw text sent as application/json. */
export type FuzzCase = { name: string; raw: string };

const HUGE = 'A'.repeat(100 * 1024);
const NASTY =
  "Ünïcödé ☃ 💥 \u202e\u0000\u0007\u001b[31m <script>alert(1)</script> '; drop table app_user; --";

/** What a wrong type looks like for each JSON type. */
function wrongTypeFor(schema: JsonSchema | undefined): unknown {
  const type = Array.isArray(schema?.type) ? schema?.type[0] : schema?.type;
  if (type === 'string') return 12345;
  if (type === 'number' || type === 'integer') return 'not a number';
  if (type === 'boolean') return 'yes';
  if (type === 'array') return { not: 'an array' };
  if (type === 'object') return ['an', 'array'];
  return { unexpected: true };
}

/**
 * The fuzz set for a request body schema: whole-body shapes (null, array, string, number, empty,
 * malformed JSON, prototype-pollution keys), then per property of the valid base: wrong type, null,
 * 100 KB string, unicode and control characters, numbers out of range, arrays for objects, and an
 * extra field.
 */
export function fuzzBodies(schema: JsonSchema): FuzzCase[] {
  const base = exampleOf(schema);
  const baseObject = base && typeof base === 'object' && !Array.isArray(base) ? base : {};
  const json = (name: string, value: unknown): FuzzCase => ({ name, raw: JSON.stringify(value) });
  const cases: FuzzCase[] = [
    json('null body', null),
    json('array body', [baseObject]),
    json('string body', 'body'),
    json('number body', 42),
    json('empty object', {}),
    { name: 'malformed JSON', raw: '{"unterminated": ' },
    {
      name: '__proto__ key',
      raw: `{"__proto__": {"isAdmin": true, "tenantId": "other"}, ${JSON.stringify(baseObject).slice(1)}`,
    },
    json('constructor key', { ...baseObject, constructor: { prototype: { isAdmin: true } } }),
    json('extra field', { ...baseObject, tenantId: 'other-tenant', isAdmin: true, unexpectedField: 1 }),
  ];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const mutate = (what: string, value: unknown) =>
      json(`${name}: ${what}`, { ...baseObject, [name]: value });
    cases.push(
      mutate('wrong type', wrongTypeFor(property)),
      mutate('null', null),
      mutate('100 KB string', HUGE),
      mutate('unicode and control characters', NASTY),
      mutate('number out of range', 1e308),
      mutate('negative number', -(2 ** 53)),
      mutate('array for a value', [base]),
    );
  }
  return cases;
}
