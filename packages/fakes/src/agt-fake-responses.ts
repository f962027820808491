/**
 * Deterministic answers of the chemistry provider fake: the same input always gives the same output,
 * derived from a hash of the input, so tests and e2e can assert on them. A compound, formula or chemical
 * named `FAIL` is refused with 422, the way the real provider refuses an unknown ingredient.
 */

export type FakeAnswer = { status: number; body: unknown };

/** The input word that makes any mapped path answer 422. */
export const FAIL_TRIGGER = 'FAIL';

const ok = (body: unknown): FakeAnswer => ({ status: 200, body });
const refuse = (status: number, detail: string): FakeAnswer => ({ status, body: { detail } });

/** FNV-1a, so results are stable across runs and machines. */
function hash(value: unknown): number {
  let h = 0x811c9dc5;
  for (const char of JSON.stringify(value) ?? '') {
    h ^= char.charCodeAt(0);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function between(seed: number, min: number, max: number): number {
  return min + (seed % (max - min + 1));
}

type Body = Record<string, unknown>;

function asBody(value: unknown): Body {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : {};
}

function names(value: unknown): string[] | null {
  if (!Array.isArray(value)) return null;
  return value.map((item) =>
    typeof item === 'string' ? item : String(asBody(item).name ?? asBody(item).compound ?? ''),
  );
}

function failing(list: string[]): string | undefined {
  return list.find((name) => name.trim().toUpperCase() === FAIL_TRIGGER);
}

function formulate(input: Body): FakeAnswer {
  const compounds = names(input.compounds);
  if (!compounds || compounds.length === 0) return refuse(422, 'compounds must be a non-empty list');
  const bad = failing(compounds);
  if (bad) return refuse(422, `Compound "${bad}" is not in the ingredient database`);
  const weights = compounds.map((name, index) => between(hash([name, index, input.target]), 5, 40));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const ingredients = compounds.map((name, index) => ({
    name,
    percentage: Math.round(((weights[index] ?? 0) / total) * 1000) / 10,
  }));
  const seed = hash(input);
  return ok({
    formulation_id: `F-${seed.toString(16).padStart(8, '0')}`,
    target: input.target ?? null,
    ingredients,
    ph: between(seed, 45, 70) / 10,
    stability: ['stable', 'stable', 'needs preservative review'][seed % 3],
    notes: `Balanced for: ${String(input.target ?? 'general use')}`,
  });
}

const RESTRICTED: Record<string, string> = {
  methylisothiazolinone: 'Restricted in leave-on products; max 0.0015% in rinse-off products',
  formaldehyde: 'Classified as a carcinogen (Category 1B)',
  triclosan: 'Restricted to 0.3% in listed product types',
};

function complianceCheck(input: Body): FakeAnswer {
  const compounds = names(input.compounds);
  if (!compounds || compounds.length === 0) return refuse(422, 'compounds must be a non-empty list');
  if (typeof input.regulation !== 'string' || !input.regulation) return refuse(422, 'regulation is required');
  const bad = failing(compounds);
  if (bad) return refuse(422, `Compound "${bad}" is not in the ingredient database`);
  const results = compounds.map((compound) => {
    const note = RESTRICTED[compound.toLowerCase()];
    return note
      ? { compound, status: 'restricted', note }
      : { compound, status: 'compliant', note: 'No restriction found' };
  });
  return ok({
    regulation: input.regulation,
    compliant: results.every((result) => result.status === 'compliant'),
    results,
  });
}

function greenScore(input: Body): FakeAnswer {
  if (typeof input.formula !== 'string' || !input.formula) return refuse(422, 'formula is required');
  if (input.formula.toUpperCase().includes(FAIL_TRIGGER))
    return refuse(422, 'The formula could not be parsed');
  const seed = hash(input.formula);
  const breakdown = {
    biodegradability: between(seed, 50, 99),
    renewable_content: between(seed >>> 8, 40, 99),
    aquatic_toxicity: between(seed >>> 16, 50, 99),
  };
  const score = Math.round(
    (breakdown.biodegradability + breakdown.renewable_content + breakdown.aquatic_toxicity) / 3,
  );
  const target = typeof input.target_score === 'number' ? input.target_score : null;
  return ok({
    formula: input.formula,
    score,
    target_score: target,
    meets_target: target === null ? null : score >= target,
    grade: score >= 85 ? 'A' : score >= 70 ? 'B' : score >= 55 ? 'C' : 'D',
    breakdown,
  });
}

const SUPPLIER_NAMES = [
  'Aurora Chemicals',
  'Northbridge Ingredients',
  'Verdant Supply Co.',
  'Helix Materials',
];
const REGIONS = ['EU', 'US', 'APAC'];
const CERTIFICATIONS = ['ISO 9001', 'RSPO', 'COSMOS', 'REACH registered'];

function supplierSearch(chemical: string, query: URLSearchParams): FakeAnswer {
  if (chemical.trim().toUpperCase() === FAIL_TRIGGER)
    return refuse(422, `Chemical "${chemical}" is not recognised`);
  const seed = hash(chemical.toLowerCase());
  let suppliers = SUPPLIER_NAMES.map((name, index) => {
    const own = hash([seed, index]);
    return {
      name,
      region: REGIONS[own % REGIONS.length] ?? 'EU',
      certifications: CERTIFICATIONS.filter((_, certIndex) => (own >>> certIndex) % 2 === 0),
      lead_time_days: between(own, 5, 60),
      price_per_kg_usd: between(own >>> 4, 150, 2500) / 100,
    };
  });
  const region = query.get('region');
  if (region) suppliers = suppliers.filter((supplier) => supplier.region === region);
  for (const certification of query.getAll('certification')) {
    suppliers = suppliers.filter((supplier) => supplier.certifications.includes(certification));
  }
  const maxLead = Number(query.get('max_lead_time_days'));
  if (maxLead > 0) suppliers = suppliers.filter((supplier) => supplier.lead_time_days <= maxLead);
  return ok({ chemical, suppliers });
}

const POST_HANDLERS: Record<string, (input: Body) => FakeAnswer> = {
  '/formulation/generate': formulate,
  '/compliance/check': complianceCheck,
  '/green-score/calculate': greenScore,
  '/copilot/chat': (input) =>
    ok({ reply: `Noted: ${String(input.message ?? '')}`.trim(), conversation_id: `C-${hash(input)}` }),
  '/copilot/set-conservatism': (input) => ok({ level: input.level ?? null, updated: true }),
  '/water/analyze': (input) => {
    const seed = hash(input);
    return ok({ ph: between(seed, 60, 85) / 10, hardness_ppm: between(seed >>> 8, 20, 300) });
  },
  '/water/generate-report': (input) => ok({ report_id: `W-${hash(input).toString(16)}`, status: 'ready' }),
  '/parse-document': (input) => ok({ ingredients: names(asBody(input).ingredients) ?? [], pages: 1 }),
  '/ingredients/ewg-batch-ratings': (input) =>
    ok({
      ratings: (names(input.ingredients) ?? []).map((ingredient) => ({
        ingredient,
        score: between(hash(ingredient.toLowerCase()), 1, 10),
      })),
    }),
};

const SUPPLIER_PREFIX = '/suppliers/search/';

/** The fake's answer for a request on a mapped path; 404/405 for anything else. */
export function answer(method: string, pathname: string, query: URLSearchParams, body: unknown): FakeAnswer {
  if (pathname.startsWith(SUPPLIER_PREFIX) && pathname.length > SUPPLIER_PREFIX.length) {
    if (method !== 'GET') return refuse(405, 'Method Not Allowed');
    const segment = pathname.slice(SUPPLIER_PREFIX.length);
    if (segment.includes('/')) return refuse(404, 'Not Found');
    return supplierSearch(decodeURIComponent(segment), query);
  }
  const handler = POST_HANDLERS[pathname];
  if (!handler) return refuse(404, 'Not Found');
  if (method !== 'POST') return refuse(405, 'Method Not Allowed');
  return handler(asBody(body));
}
