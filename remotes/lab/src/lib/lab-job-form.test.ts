import { LAB_JOB_SAMPLES, LAB_JOB_TYPES } from '@annie/contracts/lab';
import { describe, expect, it } from 'vitest';
import { EMPTY_LAB_JOB_FORM, sampleLabJobForm, toCreateLabJobRequest } from './lab-job-form.ts';

describe('toCreateLabJobRequest', () => {
  it.each(LAB_JOB_TYPES)('turns the %s sample form into the sample request', (type) => {
    expect(toCreateLabJobRequest(sampleLabJobForm(type))).toEqual({
      ok: true,
      request: { type, payload: LAB_JOB_SAMPLES[type] },
    });
  });

  it('reads compounds one per line, trimmed, without blank lines', () => {
    const result = toCreateLabJobRequest({
      ...EMPTY_LAB_JOB_FORM,
      compounds: ' Glycerin \n\n2,4-D\n',
      target: 'x',
    });
    expect(result).toEqual({
      ok: true,
      request: { type: 'formulate', payload: { compounds: ['Glycerin', '2,4-D'], target: 'x' } },
    });
  });

  it('names each invalid field', () => {
    expect(toCreateLabJobRequest({ ...EMPTY_LAB_JOB_FORM })).toEqual({
      ok: false,
      errors: { compounds: 'Compounds must name at least one compound', target: 'Target is required' },
    });
    expect(
      toCreateLabJobRequest({
        ...EMPTY_LAB_JOB_FORM,
        type: 'green_score',
        formula: 'Water',
        targetScore: 'abc',
      }),
    ).toEqual({
      ok: false,
      errors: { targetScore: 'Target score must be a number' },
    });
    expect(
      toCreateLabJobRequest({
        ...EMPTY_LAB_JOB_FORM,
        type: 'supplier_search',
        chemical: '../x',
        maxLeadTimeDays: '0',
      }),
    ).toEqual({
      ok: false,
      errors: {
        chemical: "Chemical may contain only letters, digits, spaces and , ( ) + ' -",
        maxLeadTimeDays: 'Maximum lead time must be between 1 and 365 days',
      },
    });
  });

  it('sends a supplier search without criteria when none are given', () => {
    expect(
      toCreateLabJobRequest({ ...EMPTY_LAB_JOB_FORM, type: 'supplier_search', chemical: 'Ethanol' }),
    ).toEqual({
      ok: true,
      request: { type: 'supplier_search', payload: { chemical: 'Ethanol' } },
    });
  });
});
