import { describe, expect, it } from 'vitest';
import {
  createVoiceProfileRequestSchema,
  importVoiceProfileRequestSchema,
  updateVoiceProfileRequestSchema,
  VOICE_PROFILE_DEFAULTS,
  VOICE_PROFILE_RANGES,
  voiceProfileFieldsSchema,
} from './voice-profiles.ts';

const issueOf = (body: unknown) => {
  const result = updateVoiceProfileRequestSchema.safeParse(body);
  return result.success ? undefined : result.error.issues[0];
};

describe('voice profile contract', () => {
  it('holds the defaults, which are themselves a valid profile once named', () => {
    expect(VOICE_PROFILE_DEFAULTS).toMatchObject({
      voice: 'cedar',
      stylePreset: 'warm',
      humanness: 7,
      context: 'Default',
      locale: 'en-US',
      region: 'US',
      profanityPolicy: 'deescalate_once',
      profileVersion: 'v2.0',
      vadSilenceMs: 700,
      vadThreshold: '0.55',
      vadPrefixMs: 300,
      idleTimeoutMs: 6000,
      appPolicies: {
        brevity: 'short',
        acknowledgment: 'minimal',
        warmth: 2,
        energy: 1,
        humor: 1,
        maxClarifyingQuestions: 1,
      },
      guardrails: {
        medicalDentalVet: false,
        legal: false,
        propertyManagement: false,
        sensitiveDisclaimers: false,
      },
    });
    expect(VOICE_PROFILE_DEFAULTS.appPolicies.lexicalBans).toEqual(['As an AI', 'According to my database']);
    expect(voiceProfileFieldsSchema.parse({ ...VOICE_PROFILE_DEFAULTS, name: 'A' }).name).toBe('A');
  });

  it.each([
    ['vadSilenceMs', 299, 'between 300 and 2000'],
    ['vadSilenceMs', 2100, 'between 300 and 2000'],
    ['vadSilenceMs', 750, 'steps of 100'],
    ['vadPrefixMs', 1050, 'between 0 and 1000'],
    ['vadPrefixMs', 325, 'steps of 50'],
    ['idleTimeoutMs', 2000, 'between 3000 and 20000'],
    ['idleTimeoutMs', 6500, 'steps of 1000'],
    ['humanness', 11, 'between 0 and 10'],
    ['humanness', 6.5, 'steps of 1'],
    ['vadThreshold', '1.05', 'between 0 and 1'],
    ['vadThreshold', '0.52', 'steps of 0.05'],
    ['vadThreshold', 'loud', 'number between 0 and 1'],
  ])('refuses %s = %s (%s), naming the field', (field, value, words) => {
    const issue = issueOf({ [field]: value });
    expect(issue?.path).toEqual([field]);
    expect(issue?.message).toContain(words);
  });

  it('checks nested ranges and enumerations by their path', () => {
    expect(issueOf({ prosody: { pace: 2.5 } })?.path).toEqual(['prosody', 'pace']);
    expect(issueOf({ prosody: { pitch: 0.55 } })?.message).toContain('steps of 0.1');
    expect(issueOf({ appPolicies: { maxClarifyingQuestions: 4 } })?.path).toEqual([
      'appPolicies',
      'maxClarifyingQuestions',
    ]);
    expect(issueOf({ voice: 'alloy' })?.message).toBe('Voice must be one of cedar, marin');
    expect(issueOf({ context: 'Night' })?.path).toEqual(['context']);
    expect(issueOf({ locale: 'en-AU' })?.path).toEqual(['locale']);
    expect(issueOf({ hostedPromptId: 'custom-v9' })?.path).toEqual(['hostedPromptId']);
  });

  it.each(['min', 'max'] as const)('accepts the %s of every range', (end) => {
    for (const [field, range] of Object.entries(VOICE_PROFILE_RANGES)) {
      const value = range[end];
      const body =
        field === 'pace' || field === 'pitch'
          ? { prosody: { [field]: value } }
          : ['warmth', 'energy', 'humor', 'maxClarifyingQuestions'].includes(field)
            ? { appPolicies: { [field]: value } }
            : field === 'acknowledgementDelayMs'
              ? { live: { [field]: value } }
              : { [field]: field === 'vadThreshold' ? String(value) : value };
      expect(updateVoiceProfileRequestSchema.safeParse(body).success, field).toBe(true);
    }
    expect(updateVoiceProfileRequestSchema.parse({ vadThreshold: 0.35 }).vadThreshold).toBe('0.35');
  });

  it('takes the engine and its GPT-Live settings, refusing a model or voice GPT-Live does not have', () => {
    const body = updateVoiceProfileRequestSchema.parse({ engine: 'live', live: { model: 'gpt-live-1' } });
    expect(body).toEqual({ engine: 'live', live: { model: 'gpt-live-1' } });
    expect(issueOf({ engine: 'duplex' })?.message).toBe('Engine must be one of realtime, live');
    expect(issueOf({ live: { model: 'gpt-realtime-2.1' } })?.path).toEqual(['live', 'model']);
    expect(issueOf({ live: { voice: 'nova' } })?.path).toEqual(['live', 'voice']);
    expect(issueOf({ live: { backendModel: ' ' } })?.message).toBe('Backend model is required');
    expect(issueOf({ live: { acknowledgementDelayMs: 50 } })?.message).toBe(
      'Acknowledgement delay must be in steps of 100',
    );
  });

  it('trims banned phrases and drops empty ones', () => {
    const body = updateVoiceProfileRequestSchema.parse({
      appPolicies: { lexicalBans: ['  To be fair ', '', '   '] },
    });
    expect(body.appPolicies?.lexicalBans).toEqual(['To be fair']);
  });

  it('requires a name on create and defaults the agent; refuses unknown fields', () => {
    expect(createVoiceProfileRequestSchema.safeParse({}).error?.issues[0]?.path).toEqual(['name']);
    expect(createVoiceProfileRequestSchema.safeParse({ name: '  ' }).error?.issues[0]?.message).toBe(
      'Profile name is required',
    );
    expect(createVoiceProfileRequestSchema.parse({ name: 'A' }).agentId).toBe('default-agent');
    expect(createVoiceProfileRequestSchema.safeParse({ name: 'A', tenantId: 'x' }).success).toBe(false);
    expect(importVoiceProfileRequestSchema.safeParse({ name: 'A', isDefault: true }).success).toBe(false);
    expect(updateVoiceProfileRequestSchema.safeParse({}).success).toBe(false);
  });
});
