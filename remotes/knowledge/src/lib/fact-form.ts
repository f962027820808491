import type {
  CreateFactRequest,
  Fact,
  JsonValue,
  UpdateFactRequest,
} from '@annie/api-client/contracts/knowledge';

/** What the fact dialogs hold: the raw text of each field. */
export type FactFormValues = { key: string; value: string; unit: string; shareable: boolean };

/** The Value field's rule: valid JSON is sent as parsed, anything else as plain text. */
export function parseFactValue(text: string): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return text;
  }
}

/**
 * The text that shows a value in the Value field so that parsing it gives the same value back: plain
 * strings as typed (unless they would read as JSON, like "42"), everything else as indented JSON.
 */
export function formatFactValue(value: JsonValue): string {
  if (typeof value === 'string' && parseFactValue(value) === value) return value;
  return JSON.stringify(value, null, 2);
}

/** Body of the Create Fact request; the unit is left out when empty. */
export function toCreateFactRequest(form: FactFormValues): CreateFactRequest {
  const unit = form.unit.trim();
  return {
    key: form.key.trim(),
    value: parseFactValue(form.value),
    ...(unit ? { unit } : {}),
    shareable: form.shareable,
  };
}

/** Body of the edit request: the value and unit as the form now reads (an emptied unit removes it). */
export function toUpdateFactRequest(
  form: Pick<FactFormValues, 'value' | 'unit' | 'shareable'>,
): UpdateFactRequest {
  const unit = form.unit.trim();
  return { value: parseFactValue(form.value), unit: unit || null, shareable: form.shareable };
}

/** The edit form's starting values for a fact. */
export function factFormValues(fact: Fact): FactFormValues {
  return {
    key: fact.key,
    value: formatFactValue(fact.value),
    unit: fact.unit ?? '',
    shareable: fact.shareable,
  };
}
