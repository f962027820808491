import { describe, expect, it } from 'vitest';
import { formatFactValue, parseFactValue, toCreateFactRequest, toUpdateFactRequest } from './fact-form.ts';

describe('parseFactValue', () => {
  it('parses valid JSON of every kind', () => {
    expect(parseFactValue('{"amount": 5, "tags": ["a"]}')).toEqual({ amount: 5, tags: ['a'] });
    expect(parseFactValue('[1, 2]')).toEqual([1, 2]);
    expect(parseFactValue('42.5')).toBe(42.5);
    expect(parseFactValue('true')).toBe(true);
    expect(parseFactValue('null')).toBeNull();
    expect(parseFactValue('"quoted"')).toBe('quoted');
  });

  it('sends anything that is not valid JSON as the plain text typed', () => {
    expect(parseFactValue('Jane Doe')).toBe('Jane Doe');
    expect(parseFactValue('{not json}')).toBe('{not json}');
    expect(parseFactValue('  spaced  ')).toBe('  spaced  ');
  });
});

describe('formatFactValue', () => {
  it.each([
    'plain words',
    '42',
    'true',
    'null',
    '{"looks": "like json"}',
    42,
    null,
    false,
    ['a', { b: 1 }],
    { nested: { list: [1, null] } },
  ])('shows %j so that parsing the text gives the same value back', (value) => {
    expect(parseFactValue(formatFactValue(value))).toEqual(value);
  });

  it('shows plain strings without quotes', () => {
    expect(formatFactValue('Jane Doe')).toBe('Jane Doe');
  });
});

describe('toCreateFactRequest', () => {
  it('omits the unit when it is empty or blank', () => {
    expect(toCreateFactRequest({ key: 'k', value: '1', unit: '', shareable: false })).toEqual({
      key: 'k',
      value: 1,
      shareable: false,
    });
    expect(toCreateFactRequest({ key: 'k', value: '1', unit: '   ', shareable: false })).toEqual({
      key: 'k',
      value: 1,
      shareable: false,
    });
  });

  it('keeps a trimmed unit and trims the key', () => {
    expect(toCreateFactRequest({ key: ' revenue ', value: '1200', unit: ' USD ', shareable: true })).toEqual({
      key: 'revenue',
      value: 1200,
      unit: 'USD',
      shareable: true,
    });
  });
});

describe('toUpdateFactRequest', () => {
  it('sends an emptied unit as null, which removes it', () => {
    expect(toUpdateFactRequest({ value: 'x', unit: '', shareable: false })).toEqual({
      value: 'x',
      unit: null,
      shareable: false,
    });
  });
});
