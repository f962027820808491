import type { CreateFactRequest, Fact, JsonValue, UpdateFactRequest } from '@annie/contracts/knowledge';
import { type FactValueKind, factValueKind } from './fact-value-kind.ts';

/** What the fact dialogs hold: the value's kind and the text of each field. */
export type FactFormValues = {
  key: string;
  kind: FactValueKind;
  value: string;
  unit: string;
  shareable: boolean;
};

/** A new fact's form: a text value. */
export const EMPTY_FACT_FORM: FactFormValues = {
  key: '',
  kind: 'text',
  value: '',
  unit: '',
  shareable: false,
};

const NUMBER = /^-?\d+(\.\d+)?$/;
// A list item or a field typed as digits is kept as a number (a revenue, a head count), else as text.
const scalar = (text: string): JsonValue => (NUMBER.test(text) ? Number(text) : text);
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

function parseFields(text: string): JsonValue {
  const fields: Record<string, JsonValue> = {};
  for (const line of lines(text)) {
    const colon = line.indexOf(':');
    const name = (colon < 0 ? line : line.slice(0, colon)).trim();
    if (name) fields[name] = colon < 0 ? '' : scalar(line.slice(colon + 1).trim());
  }
  return fields;
}

function parseJson(text: string): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return text;
  }
}

/** The value the typed editor's text stands for, by kind (the inputs' own checks reject bad numbers and dates). */
export function parseFactValue(kind: FactValueKind, text: string): JsonValue {
  switch (kind) {
    case 'text':
    case 'date':
      return text;
    case 'number':
      return Number(text);
    case 'yesNo':
      return text === 'yes';
    case 'list':
      return lines(text).map(scalar);
    case 'fields':
      return parseFields(text);
    case 'json':
      return parseJson(text);
  }
}

const plain = (value: JsonValue) => (value === null ? '' : String(value));

/** The editor's text for a stored value of a kind, such that parsing it gives the value back. */
export function formatFactValue(kind: FactValueKind, value: JsonValue): string {
  switch (kind) {
    case 'yesNo':
      return value === true ? 'yes' : 'no';
    case 'date':
      // The date input holds a calendar day; a stored date-time is edited as its day.
      return typeof value === 'string' ? value.slice(0, 10) : '';
    case 'list':
      return Array.isArray(value) ? value.map(plain).join('\n') : '';
    case 'fields':
      return value && typeof value === 'object' && !Array.isArray(value)
        ? Object.entries(value)
            .map(([name, field]) => `${name}: ${plain(field)}`)
            .join('\n')
        : '';
    case 'json':
      return JSON.stringify(value, null, 2);
    default:
      return plain(value);
  }
}

/** Body of the Create Fact request; the unit is left out when empty. */
export function toCreateFactRequest(form: FactFormValues): CreateFactRequest {
  const unit = form.unit.trim();
  return {
    key: form.key.trim(),
    value: parseFactValue(form.kind, form.value),
    ...(unit ? { unit } : {}),
    shareable: form.shareable,
  };
}

/** Body of the edit request: the value and unit as the form now reads (an emptied unit removes it). */
export function toUpdateFactRequest(
  form: Pick<FactFormValues, 'kind' | 'value' | 'unit' | 'shareable'>,
): UpdateFactRequest {
  const unit = form.unit.trim();
  return { value: parseFactValue(form.kind, form.value), unit: unit || null, shareable: form.shareable };
}

/** The edit form's starting values for a fact: its kind, and its value as that kind's editor shows it. */
export function factFormValues(fact: Fact): FactFormValues {
  const kind = factValueKind(fact.value);
  return {
    key: fact.key,
    kind,
    value: formatFactValue(kind, fact.value),
    unit: fact.unit ?? '',
    shareable: fact.shareable,
  };
}
