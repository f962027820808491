import { describe, expect, it } from 'vitest';
import { whom } from './call-target.ts';

describe('whom', () => {
  it('names a contact with their number formatted, and an unknown number once', () => {
    expect(whom({ phone: '+16505550111', name: 'Daniel Osei' })).toBe('Daniel Osei at (650) 555-0111');
    expect(whom({ phone: '+16505550111', name: '(650) 555-0111' })).toBe('(650) 555-0111');
  });
});
