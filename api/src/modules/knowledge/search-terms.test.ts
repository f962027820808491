import { describe, expect, it } from 'vitest';
import { planSearch } from './search-terms.ts';

describe('planSearch', () => {
  it('makes every word a prefix term, ORed for matching and ANDed for ranking', () => {
    expect(planSearch('  Acme revenue ')).toEqual({
      kind: 'fulltext',
      anyTerms: 'acme:* | revenue:*',
      allTerms: 'acme:* & revenue:*',
      text: 'Acme revenue',
    });
  });

  it('drops tsquery operators and punctuation so user text can never break the query', () => {
    const plan = planSearch("ceo's & (wine) | !red:* <-> 'x'");
    expect(plan).toMatchObject({ kind: 'fulltext', anyTerms: 'ceo:* | s:* | wine:* | red:* | x:*' });
  });

  it('keeps letters of any script and digits', () => {
    expect(planSearch('Café 2024')).toMatchObject({ anyTerms: 'café:* | 2024:*' });
  });

  it('falls back to substring for very short queries and for queries without words', () => {
    expect(planSearch(' ab ')).toEqual({ kind: 'substring', text: 'ab' });
    expect(planSearch('%%%')).toEqual({ kind: 'substring', text: '%%%' });
  });

  it('dedupes repeated words', () => {
    expect(planSearch('tea tea TEA')).toMatchObject({ anyTerms: 'tea:*', allTerms: 'tea:*' });
  });
});
