import { describe, expect, it } from 'vitest';
import { modelRetirement, servedDetail } from './model-retirement.ts';

const TODAY = '2026-11-27';

describe("a model's retirement, from OpenAI's shutdown_date and the product's dated table", () => {
  it("takes OpenAI's announced date, with the table's replacement when the table knows the model", () => {
    const status = modelRetirement('gpt-4o', { shutdown_date: '2027-01-14' }, TODAY);
    expect(status).toEqual({
      model: 'gpt-4o',
      state: 'deprecated',
      shutdownDate: '2027-01-14',
      replacement: 'gpt-6-luna',
    });
    expect(servedDetail(status)).toBe('served; gpt-4o shuts down on 2027-01-14; pick gpt-6-luna instead');
  });

  it('says when a model goes that only OpenAI dates, naming no replacement it does not know', () => {
    const status = modelRetirement('gpt-5.1', { shutdown_date: '2027-04-01' }, TODAY);
    expect(status).toMatchObject({ state: 'deprecated', shutdownDate: '2027-04-01', replacement: null });
    expect(servedDetail(status)).toBe('served; gpt-5.1 shuts down on 2027-04-01');
    const overdue = modelRetirement('gpt-5.1', { shutdown_date: '2026-11-01' }, TODAY);
    expect(servedDetail(overdue)).toBe('served; gpt-5.1 was due to shut down on 2026-11-01');
  });

  it("believes OpenAI's null (no shutdown announced); without the field, falls back to the table", () => {
    expect(modelRetirement('gpt-4o', { shutdown_date: null }, TODAY).state).toBe('current');
    expect(servedDetail(modelRetirement('gpt-6-luna', { shutdown_date: null }, TODAY))).toBe('served');
    expect(modelRetirement('gpt-4o', {}, TODAY)).toMatchObject({
      state: 'deprecated',
      shutdownDate: '2027-01-14',
    });
    expect(modelRetirement('gpt-4o', undefined, '2027-01-14').state).toBe('retired');
    expect(modelRetirement('gpt-6-luna', {}, TODAY).state).toBe('current');
  });
});
