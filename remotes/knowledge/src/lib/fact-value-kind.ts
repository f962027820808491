import type { JsonValue } from '@annie/contracts/knowledge';

/** How a fact's value reads and is edited: the typed editor offers one input per kind. */
export type FactValueKind = 'text' | 'number' | 'date' | 'yesNo' | 'list' | 'fields' | 'json';

// A calendar date or an ISO 8601 date-time, as the assistant stores them.
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** Whether a string is a date the screen can show as one. */
export function isIsoDate(value: string): boolean {
  return ISO_DATE.test(value) && !Number.isNaN(Date.parse(value));
}

const isScalar = (value: JsonValue) => value === null || typeof value !== 'object';

/**
 * The kind of a stored value. Lists of plain values and objects of plain values have editors of their
 * own; anything nested deeper keeps a JSON editor rather than lose its structure.
 */
export function factValueKind(value: JsonValue): FactValueKind {
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'yesNo';
  if (typeof value === 'string') return isIsoDate(value) ? 'date' : 'text';
  if (value === null) return 'text';
  if (Array.isArray(value)) return value.every(isScalar) ? 'list' : 'json';
  return Object.values(value).every(isScalar) ? 'fields' : 'json';
}
