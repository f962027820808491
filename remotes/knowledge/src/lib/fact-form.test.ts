import type { JsonValue } from '@annie/contracts/knowledge';
import { describe, expect, it } from 'vitest';
import { formatFactValue, parseFactValue, toCreateFactRequest, toUpdateFactRequest } from './fact-form.ts';
import { type FactValueKind, factValueKind } from './fact-value-kind.ts';

describe('parseFactValue', () => {
  it('reads each kind of editor as its type', () => {
    expect(parseFactValue('text', '42')).toBe('42');
    expect(parseFactValue('number', '42.5')).toBe(42.5);
    expect(parseFactValue('date', '2026-03-01')).toBe('2026-03-01');
    expect(parseFactValue('yesNo', 'yes')).toBe(true);
    expect(parseFactValue('list', 'Paris\n\n 12 \nLondon')).toEqual(['Paris', 12, 'London']);
    expect(parseFactValue('fields', 'fy2024: 12500000\nauditor: KPMG: London')).toEqual({
      fy2024: 12500000,
      auditor: 'KPMG: London',
    });
    expect(parseFactValue('json', '{"a": {"b": 1}}')).toEqual({ a: { b: 1 } });
  });
});

describe('formatFactValue', () => {
  it.each<JsonValue>([
    'plain words',
    '{"looks": "like json"}',
    42,
    false,
    '2026-03-01',
    ['a', 2],
    { fy2024: 12500000, auditor: 'KPMG' },
    { nested: { list: [1, null] } },
  ])('shows %j in its kind of editor so that reading it back gives the same value', (value) => {
    const kind: FactValueKind = factValueKind(value);
    expect(parseFactValue(kind, formatFactValue(kind, value))).toEqual(value);
  });

  it('edits flat objects as fields and nested ones as structured data', () => {
    expect(factValueKind({ fy2024: 1 })).toBe('fields');
    expect(factValueKind({ a: { b: 1 } })).toBe('json');
    expect(formatFactValue('fields', { fy2024: 1 })).toBe('fy2024: 1');
  });
});

describe('toCreateFactRequest', () => {
  it('omits the unit when it is empty or blank', () => {
    for (const unit of ['', '   ']) {
      expect(toCreateFactRequest({ key: 'k', kind: 'number', value: '1', unit, shareable: false })).toEqual({
        key: 'k',
        value: 1,
        shareable: false,
      });
    }
  });

  it('keeps a trimmed unit and trims the key', () => {
    expect(
      toCreateFactRequest({
        key: ' revenue ',
        kind: 'number',
        value: '1200',
        unit: ' USD ',
        shareable: true,
      }),
    ).toEqual({ key: 'revenue', value: 1200, unit: 'USD', shareable: true });
  });
});

describe('toUpdateFactRequest', () => {
  it('sends an emptied unit as null, which removes it', () => {
    expect(toUpdateFactRequest({ kind: 'text', value: 'x', unit: '', shareable: false })).toEqual({
      value: 'x',
      unit: null,
      shareable: false,
    });
  });
});
