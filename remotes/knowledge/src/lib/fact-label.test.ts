import { describe, expect, it } from 'vitest';
import { humanLabel } from './fact-label.ts';

describe('humanLabel', () => {
  it.each([
    ['company_revenue', 'Company revenue'],
    ['companyRevenue', 'Company revenue'],
    ['office-hours', 'Office hours'],
    ['ceo_email_US', 'Ceo email US'],
    ['fy2024', 'Fy2024'],
  ])('reads %s as %s', (key, label) => {
    expect(humanLabel(key)).toBe(label);
  });
});
