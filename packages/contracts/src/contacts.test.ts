import { describe, expect, it } from 'vitest';
import { createContactRequestSchema, updateContactRequestSchema } from './contacts.ts';

function issuesOf(input: unknown) {
  const result = createContactRequestSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('contact contract', () => {
  it('fills the defaults: relationship other, sms, ask_first, not a favourite', () => {
    expect(createContactRequestSchema.parse({ name: '  Ada  ' })).toEqual({
      name: 'Ada',
      relationship: 'other',
      preferredChannel: 'sms',
      smsPreference: 'ask_first',
      isFavorite: false,
    });
  });

  it('says "Name is required" for a missing or blank name', () => {
    expect(issuesOf({})).toContainEqual(['name', 'Name is required']);
    expect(issuesOf({ name: '   ' })).toContainEqual(['name', 'Name is required']);
  });

  it('accepts an empty email and refuses an invalid one by name', () => {
    expect(createContactRequestSchema.parse({ name: 'A', email: '' }).email).toBe('');
    expect(issuesOf({ name: 'A', email: 'not-an-email' })).toEqual([
      ['email', 'Email must be a valid email address'],
    ]);
  });

  it('enforces each enumeration, naming the field', () => {
    expect(issuesOf({ name: 'A', relationship: 'boss' })[0]?.[0]).toBe('relationship');
    expect(issuesOf({ name: 'A', preferredChannel: 'fax' })[0]?.[0]).toBe('preferredChannel');
    expect(issuesOf({ name: 'A', smsPreference: 'always' })[0]?.[0]).toBe('smsPreference');
  });

  it('refuses unknown fields and an empty update', () => {
    expect(createContactRequestSchema.safeParse({ name: 'A', tenantId: 'x' }).success).toBe(false);
    expect(updateContactRequestSchema.safeParse({}).success).toBe(false);
    expect(updateContactRequestSchema.parse({ isFavorite: true })).toEqual({ isFavorite: true });
  });
});
