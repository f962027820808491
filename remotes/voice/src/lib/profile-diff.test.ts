import { VOICE_PROFILE_DEFAULTS } from '@annie/contracts/voice-profiles';
import { describe, expect, it } from 'vitest';
import { diffProfiles } from './profile-diff.ts';

const base = { ...VOICE_PROFILE_DEFAULTS, name: 'Front desk' };

describe('diffProfiles', () => {
  it('names each changed field in words, old → new, in the editor’s order', () => {
    const after = {
      ...base,
      voice: 'marin' as const,
      stylePreset: 'calm' as const,
      appPolicies: { ...base.appPolicies, brevity: 'long' as const, mirroring: true },
      hostedPromptId: 'sales-inbound-v2' as const,
    };
    expect(diffProfiles(base, after)).toEqual([
      { path: 'voice', field: 'Voice', from: 'Cedar', to: 'Marin' },
      { path: 'stylePreset', field: 'Conversation style', from: 'Warm', to: 'Calm and measured' },
      {
        path: 'appPolicies.brevity',
        field: 'Response length',
        from: 'Short (a sentence or two)',
        to: 'Long (full explanations)',
      },
      { path: 'appPolicies.mirroring', field: 'Style mirroring', from: 'Off', to: 'On' },
      { path: 'hostedPromptId', field: 'Hosted prompt', from: 'No hosted prompt', to: 'Inbound sales (v2)' },
    ]);
  });

  it('is empty for equal profiles, cuts long texts short, and names a field it does not know', () => {
    expect(diffProfiles(base, { ...base })).toEqual([]);
    const [instructions] = diffProfiles(base, { ...base, instructions: 'x'.repeat(200) });
    expect(instructions?.from).toBe('(empty)');
    expect(instructions?.to).toHaveLength(80);
    const later = { ...base, callRecording: true } as typeof base;
    expect(diffProfiles(base, later)).toEqual([
      { path: 'callRecording', field: 'Call recording', from: '—', to: 'true' },
    ]);
  });

  it('lists banned phrases and the vad numbers with their units', () => {
    const after = {
      ...base,
      vadSilenceMs: 900,
      appPolicies: { ...base.appPolicies, lexicalBans: ['No worries'] },
    };
    expect(diffProfiles(base, after).map(({ field, from, to }) => `${field}: ${from} → ${to}`)).toEqual([
      'Silence duration: 700 ms → 900 ms',
      'Banned phrases: “As an AI”, “According to my database” → “No worries”',
    ]);
  });
});
