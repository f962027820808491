import { describe, expect, it } from 'vitest';
import { EMPTY_CONTACT_FORM, validateContactForm } from './contact-form.ts';

describe('validateContactForm', () => {
  it('says "Name is required" for an empty name', () => {
    expect(validateContactForm(EMPTY_CONTACT_FORM).errors).toEqual({ name: 'Name is required' });
  });

  it('names a bad email, and accepts an empty one', () => {
    expect(validateContactForm({ ...EMPTY_CONTACT_FORM, name: 'A', email: 'x@' }).errors).toEqual({
      email: 'Email must be a valid email address',
    });
    expect(validateContactForm({ ...EMPTY_CONTACT_FORM, name: 'A' }).request).toMatchObject({
      name: 'A',
      email: '',
    });
  });
});
