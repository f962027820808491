import { describe, expect, it } from 'vitest';
import {
  createFactRequestSchema,
  createNoteRequestSchema,
  knowledgeSearchQuerySchema,
  updateFactRequestSchema,
} from './knowledge.ts';

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message);

describe('createFactRequestSchema', () => {
  it('accepts JSON null as a value but refuses a missing value', () => {
    expect(createFactRequestSchema.parse({ key: 'k', value: null })).toEqual({ key: 'k', value: null });
    expect(messages(createFactRequestSchema.safeParse({ key: 'k' }))).toEqual(['Value is required']);
  });

  it('trims the key and names it when empty', () => {
    expect(createFactRequestSchema.parse({ key: ' k ', value: 1 }).key).toBe('k');
    expect(messages(createFactRequestSchema.safeParse({ key: ' ', value: 1 }))).toEqual(['Key is required']);
  });
});

describe('updateFactRequestSchema', () => {
  it('tells an explicit null value from an absent one', () => {
    expect(updateFactRequestSchema.parse({ value: null })).toEqual({ value: null });
    expect('value' in updateFactRequestSchema.parse({ unit: 'kg' })).toBe(false);
  });
});

describe('createNoteRequestSchema', () => {
  it('defaults tags to an empty list and trims each tag', () => {
    expect(createNoteRequestSchema.parse({ title: 't', body: 'b' }).tags).toEqual([]);
    expect(createNoteRequestSchema.parse({ title: 't', body: 'b', tags: [' a '] }).tags).toEqual(['a']);
  });
});

describe('knowledgeSearchQuerySchema', () => {
  it('reads sources comma-separated or repeated, and defaults the limit to 5', () => {
    expect(knowledgeSearchQuerySchema.parse({ q: 'x', sources: 'auwagenics, other' })).toEqual({
      q: 'x',
      sources: ['auwagenics', 'other'],
      limit: 5,
    });
    expect(knowledgeSearchQuerySchema.parse({ q: 'x', sources: ['natural_house', 'other'] }).sources).toEqual(
      ['natural_house', 'other'],
    );
  });
});
