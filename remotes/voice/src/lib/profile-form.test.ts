import { VOICE_PROFILE_DEFAULTS } from '@annie/contracts/voice-profiles';
import { describe, expect, it } from 'vitest';
import { annieConfigOf, matchesProfileSearch, NEW_PROFILE_FORM, updateRequestOf } from './profile-form.ts';

describe('profile form', () => {
  it('starts from the defaults', () => {
    expect(NEW_PROFILE_FORM).toMatchObject({
      voice: 'cedar',
      humanness: 7,
      vadSilenceMs: 700,
      isDefault: false,
    });
    expect(NEW_PROFILE_FORM.appPolicies.lexicalBans).toEqual(VOICE_PROFILE_DEFAULTS.appPolicies.lexicalBans);
  });

  it('sends isDefault only to make a profile the default', () => {
    expect(updateRequestOf({ ...NEW_PROFILE_FORM, isDefault: true }, false)).toMatchObject({
      isDefault: true,
    });
    expect(updateRequestOf({ ...NEW_PROFILE_FORM, isDefault: true }, true)).not.toHaveProperty('isDefault');
  });

  it('maps the system profile onto the /api/annie/config payload', () => {
    const config = annieConfigOf({ ...NEW_PROFILE_FORM, vadSilenceMs: 900 });
    expect(config.vadSettings).toEqual({ silenceDurationMs: 900, threshold: '0.55', prefixPaddingMs: 300 });
  });

  it('searches name or context, ignoring case', () => {
    const profile = { name: 'Front desk', context: 'After-Hours' as const };
    expect(matchesProfileSearch(profile, 'FRONT')).toBe(true);
    expect(matchesProfileSearch(profile, 'after')).toBe(true);
    expect(matchesProfileSearch(profile, 'sales')).toBe(false);
    expect(matchesProfileSearch(profile, '  ')).toBe(true);
  });
});
