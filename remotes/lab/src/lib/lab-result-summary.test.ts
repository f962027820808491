import { describe, expect, it } from 'vitest';
import { summarizeLabResult } from './lab-result-summary.ts';

describe('summarizeLabResult', () => {
  it('leads a green score with its grade and gives the score, the target and the breakdown in words', () => {
    const summary = summarizeLabResult('green_score', {
      score: 72,
      grade: 'B',
      target_score: 80,
      meets_target: false,
      breakdown: { renewable_content: 64 },
    });
    expect(summary.headline).toBe('Grade B');
    expect(summary.figures).toEqual([
      { label: 'Score', value: '72 / 100' },
      { label: 'Target', value: '80 (not met)' },
      { label: 'Renewable content', value: '64' },
    ]);
  });

  it('names each restricted compound of a compliance check', () => {
    const summary = summarizeLabResult('compliance_check', {
      regulation: 'EU REACH',
      compliant: false,
      results: [
        { compound: 'Glycerin', status: 'compliant', note: 'No restriction found' },
        { compound: 'Triclosan', status: 'restricted', note: 'Restricted to 0.3%' },
      ],
    });
    expect(summary.headline).toBe('Not compliant');
    expect(summary.figures).toContainEqual({ label: 'Triclosan', value: 'Restricted to 0.3%' });
    expect(summary.figures).not.toContainEqual(expect.objectContaining({ label: 'Glycerin' }));
  });

  it('lists a formulation with its shares and finds the cheapest supplier', () => {
    const formulation = summarizeLabResult('formulate', {
      ingredients: [{ name: 'Water', percentage: 70 }],
      ph: 5.5,
    });
    expect(formulation.figures).toContainEqual({ label: 'Ingredients', value: 'Water 70%' });
    const suppliers = summarizeLabResult('supplier_search', {
      suppliers: [
        { name: 'A', price_per_kg_usd: 9.5 },
        { name: 'B', price_per_kg_usd: 3 },
      ],
    });
    expect(suppliers.headline).toBe('2 suppliers found');
    expect(suppliers.figures).toContainEqual({ label: 'Lowest price', value: '$3.00 per kg' });
  });

  it('leaves out what an unexpected answer lacks instead of showing blanks', () => {
    expect(summarizeLabResult('green_score', 'nonsense')).toEqual({ headline: null, figures: [] });
  });
});
