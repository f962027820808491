import type { LabJobType } from '@annie/contracts/lab';

/** One labelled figure of a job's result, in words. */
export type LabResultFigure = { label: string; value: string };

/** What the summary card shows: a headline (grade or verdict) when the result has one, then key figures. */
export type LabResultSummary = { headline: string | null; figures: LabResultFigure[] };

type Body = Record<string, unknown>;

// The provider's answer is JSON the API keeps as it came (unknown in the contract): every read is
// guarded, and a figure the answer lacks is left out rather than shown as blank.
const asBody = (value: unknown): Body =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : {};
const text = (value: unknown) =>
  typeof value === 'string' && value ? value : typeof value === 'number' ? String(value) : null;
const list = (value: unknown) => (Array.isArray(value) ? value.map(asBody) : []);

function figures(pairs: [string, string | null][]): LabResultFigure[] {
  return pairs.flatMap(([label, value]) => (value === null ? [] : [{ label, value }]));
}

function formulation(result: Body): LabResultSummary {
  const ingredients = list(result.ingredients)
    .map((item) => `${text(item.name) ?? '?'} ${text(item.percentage) ?? '?'}%`)
    .join(', ');
  return {
    headline: text(result.stability) ? `Stability: ${text(result.stability)}` : null,
    figures: figures([
      ['Formulation', text(result.formulation_id)],
      ['Ingredients', ingredients || null],
      ['pH', text(result.ph)],
      ['Notes', text(result.notes)],
    ]),
  };
}

function compliance(result: Body): LabResultSummary {
  const results = list(result.results);
  const restricted = results.filter((item) => item.status !== 'compliant');
  return {
    headline:
      typeof result.compliant === 'boolean' ? (result.compliant ? 'Compliant' : 'Not compliant') : null,
    figures: figures([
      ['Regulation', text(result.regulation)],
      ['Compounds checked', results.length ? String(results.length) : null],
      ...restricted.map((item): [string, string | null] => [
        text(item.compound) ?? 'Compound',
        text(item.note),
      ]),
    ]),
  };
}

function greenScore(result: Body): LabResultSummary {
  const met = result.meets_target;
  const target = text(result.target_score);
  return {
    headline: text(result.grade) ? `Grade ${text(result.grade)}` : null,
    figures: figures([
      ['Score', text(result.score) && `${text(result.score)} / 100`],
      ['Target', target && (typeof met === 'boolean' ? `${target} (${met ? 'met' : 'not met'})` : target)],
      ...Object.entries(asBody(result.breakdown)).map(([key, value]): [string, string | null] => [
        key.replaceAll('_', ' ').replace(/^./, (first) => first.toUpperCase()),
        text(value),
      ]),
    ]),
  };
}

function suppliers(result: Body): LabResultSummary {
  const found = list(result.suppliers);
  const cheapest = found
    .map((item) => item.price_per_kg_usd)
    .filter((price): price is number => typeof price === 'number')
    .sort((a, b) => a - b)[0];
  return {
    headline: `${found.length} ${found.length === 1 ? 'supplier' : 'suppliers'} found`,
    figures: figures([
      ['Chemical', text(result.chemical)],
      [
        'Suppliers',
        found
          .map((item) => text(item.name))
          .filter(Boolean)
          .join(', ') || null,
      ],
      ['Lowest price', cheapest === undefined ? null : `$${cheapest.toFixed(2)} per kg`],
    ]),
  };
}

/** The grade or verdict and key figures of a finished job's result, per job type. */
export function summarizeLabResult(type: LabJobType, result: unknown): LabResultSummary {
  const body = asBody(result);
  switch (type) {
    case 'formulate':
      return formulation(body);
    case 'compliance_check':
      return compliance(body);
    case 'green_score':
      return greenScore(body);
    case 'supplier_search':
      return suppliers(body);
  }
}
