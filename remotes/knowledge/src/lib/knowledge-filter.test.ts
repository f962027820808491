import type { Fact, Note } from '@annie/contracts/knowledge';
import { describe, expect, it } from 'vitest';
import { factSearchText, filterSearchable, noteSearchText, toSearchable } from './knowledge-filter.ts';

const fact = (key: string, value: Fact['value']): Fact => ({
  id: key,
  key,
  value,
  unit: null,
  version: 1,
  source: 'other',
  shareable: false,
  createdAt: '2026-01-05T15:04:00.000Z',
  approvedAt: null,
});

const note = (title: string, body: string, tags: string[]): Note => ({
  id: title,
  title,
  body,
  tags,
  source: 'other',
  shareable: false,
  createdAt: '2026-01-05T15:04:00.000Z',
  updatedAt: '2026-01-05T15:04:00.000Z',
});

describe('knowledge filter', () => {
  const facts = toSearchable(
    [fact('ceo_name', 'Margaret'), fact('revenue', { fy: 2024, amount: 12 }), fact('flag', null)],
    factSearchText,
  );
  const notes = toSearchable(
    [note('Board', 'Quarterly review', ['finance']), note('Travel', 'Aisle seats', ['Preferences'])],
    noteSearchText,
  );
  const keys = (query: string) => filterSearchable(facts, query).map((item) => item.key);
  const titles = (query: string) => filterSearchable(notes, query).map((item) => item.title);

  it('matches facts on the key or the JSON text of the value, case-insensitively', () => {
    expect(keys('CEO')).toEqual(['ceo_name']);
    expect(keys('margaret')).toEqual(['ceo_name']);
    expect(keys('"fy":2024')).toEqual(['revenue']);
    expect(keys('null')).toEqual(['flag']);
  });

  it('matches notes on the title, the body or any tag', () => {
    expect(titles('board')).toEqual(['Board']);
    expect(titles('AISLE')).toEqual(['Travel']);
    expect(titles('preferences')).toEqual(['Travel']);
    expect(titles('zzz')).toEqual([]);
  });

  it('returns everything for a blank query', () => {
    expect(keys('  ')).toHaveLength(3);
  });
});
