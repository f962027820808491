import { THIRD_PARTY_CONTENT_RULE } from '@annie/contracts/trust';
import {
  FALLBACK_REALTIME_MODEL,
  mergeVoiceProfile,
  VOICE_PROFILE_DEFAULTS,
  type VoiceProfilePatch,
  voiceProfileFieldsSchema,
} from '@annie/contracts/voice-profiles';
import { compiledVoiceSessionSchema } from '@annie/contracts/voice-session';
import { describe, expect, it } from 'vitest';
import {
  compileVoiceSession,
  type RetiredModelNotice,
  type SystemPersona,
  THIRD_PARTY_CONTENT_HEADING,
} from './compile-voice-session.ts';
import * as brief from './voice-briefing.ts';

const persona: SystemPersona = { instructions: '', personalityTraits: [], model: null };
const compile = (patch: VoiceProfilePatch = {}, who: SystemPersona = persona) =>
  compileVoiceSession(
    mergeVoiceProfile({ ...VOICE_PROFILE_DEFAULTS, name: 'Front desk' }, patch),
    who,
    FALLBACK_REALTIME_MODEL,
  );

describe('compileVoiceSession', () => {
  it('compiles the default settings into the contract shape with server_vad turn detection', () => {
    const session = compiledVoiceSessionSchema.parse(compile());
    expect(session.turnDetection).toEqual({
      type: 'server_vad',
      threshold: 0.55,
      prefix_padding_ms: 300,
      silence_duration_ms: 700,
      idle_timeout_ms: 6000,
    });
    expect(session).toMatchObject({
      voice: 'cedar',
      model: FALLBACK_REALTIME_MODEL,
      temperature: 0.9,
      speed: 1,
    });
    expect(voiceProfileFieldsSchema.safeParse({ ...VOICE_PROFILE_DEFAULTS, name: 'x' }).success).toBe(true);
  });

  it('ends every session with the rule that third-party content is data, never instructions', () => {
    const { instructions } = compile();
    expect(instructions.endsWith(`${THIRD_PARTY_CONTENT_HEADING}\n${THIRD_PARTY_CONTENT_RULE}`)).toBe(true);
  });

  it('opens with the default persona when the system profile has none, and with its own when it does', () => {
    expect(compile().instructions.startsWith(brief.DEFAULT_PERSONA)).toBe(true);
    const own = compile(
      {},
      { instructions: 'You are Ada.', personalityTraits: ['dry', 'precise'], model: 'm-1' },
    );
    expect(own.instructions.startsWith('You are Ada.\nYour manner: dry, precise.')).toBe(true);
    expect(own.instructions).not.toContain(brief.DEFAULT_PERSONA);
    expect(own.model).toBe('m-1');
    expect(compile({ model: 'm-2' }, { ...persona, model: 'm-1' }).model).toBe('m-2');
  });

  it('passes over a retired model the profile or persona names, says so, and runs on the default', () => {
    const notices: RetiredModelNotice[] = [];
    const fields = mergeVoiceProfile(
      { ...VOICE_PROFILE_DEFAULTS, name: 'Old' },
      { model: 'gpt-4o-realtime-preview-2024-12-17' },
    );
    const retiredPersona = { ...persona, model: 'gpt-4o-mini-realtime-preview' };
    const session = compileVoiceSession(fields, retiredPersona, 'gpt-realtime-2.1', (notice) =>
      notices.push(notice),
    );
    expect(session.model).toBe('gpt-realtime-2.1');
    expect(notices).toEqual([
      {
        requested: 'gpt-4o-realtime-preview-2024-12-17',
        shutdownDate: '2026-05-07',
        used: 'gpt-realtime-2.1',
      },
      { requested: 'gpt-4o-mini-realtime-preview', shutdownDate: '2026-05-07', used: 'gpt-realtime-2.1' },
    ]);
    // A retired profile model gives way to a persona model that is still served.
    expect(
      compileVoiceSession(fields, { ...persona, model: 'gpt-realtime-2' }, 'gpt-realtime-2.1').model,
    ).toBe('gpt-realtime-2');
  });

  it('puts the profile text under "Profile specifics" after the persona, and omits the heading when empty', () => {
    const { instructions } = compile({ description: 'Front desk cover.', instructions: 'Take messages.' });
    expect(instructions).toContain(`${brief.PROFILE_SPECIFICS_HEADING}\nFront desk cover.\nTake messages.`);
    expect(instructions.indexOf(brief.DEFAULT_PERSONA)).toBeLessThan(
      instructions.indexOf('Profile specifics'),
    );
    expect(compile().instructions).not.toContain('Profile specifics');
  });

  it.each(['short', 'medium', 'long'] as const)('states the %s brevity sentence and no other', (brevity) => {
    const { instructions } = compile({ appPolicies: { brevity } });
    for (const [level, sentence] of Object.entries(brief.BREVITY_BRIEFS)) {
      expect(instructions.includes(sentence)).toBe(level === brevity);
    }
  });

  it.each(['minimal', 'standard', 'empathic'] as const)(
    'states the %s acknowledgment sentence only',
    (style) => {
      const { instructions } = compile({ appPolicies: { acknowledgment: style } });
      for (const [level, sentence] of Object.entries(brief.ACKNOWLEDGMENT_BRIEFS)) {
        expect(instructions.includes(sentence)).toBe(level === style);
      }
    },
  );

  it('states mirroring only when it is on', () => {
    expect(compile({ appPolicies: { mirroring: true } }).instructions).toContain(brief.MIRRORING_BRIEF);
    expect(compile({ appPolicies: { mirroring: false } }).instructions).not.toContain(brief.MIRRORING_BRIEF);
  });

  it('adds each guardrail sentence exactly when it is checked, under the Guardrails heading', () => {
    expect(compile().instructions).not.toContain(brief.GUARDRAILS_HEADING);
    for (const name of Object.keys(brief.GUARDRAIL_BRIEFS) as (keyof typeof brief.GUARDRAIL_BRIEFS)[]) {
      const { instructions } = compile({ guardrails: { [name]: true } });
      expect(instructions).toContain(`${brief.GUARDRAILS_HEADING}\n${brief.GUARDRAIL_BRIEFS[name]}`);
      for (const [other, sentence] of Object.entries(brief.GUARDRAIL_BRIEFS)) {
        expect(instructions.includes(sentence)).toBe(other === name);
      }
    }
  });

  it('lists every banned phrase in the never-use sentence, and drops the sentence when there are none', () => {
    expect(compile().instructions).toContain(
      'Never use these phrases: "As an AI"; "According to my database".',
    );
    expect(compile({ appPolicies: { lexicalBans: ['To be honest'] } }).instructions).toContain(
      'Never use these phrases: "To be honest".',
    );
    expect(compile({ appPolicies: { lexicalBans: [] } }).instructions).not.toContain('Never use');
  });

  it('always carries the after-interruption rule and the clarifying-question limit', () => {
    expect(compile().instructions).toContain(brief.AFTER_INTERRUPTION_RULE);
    expect(compile().instructions).toContain('Ask at most 1 clarifying question, then');
    expect(compile({ appPolicies: { maxClarifyingQuestions: 3 } }).instructions).toContain(
      'Ask at most 3 clarifying questions',
    );
    expect(compile({ appPolicies: { maxClarifyingQuestions: 0 } }).instructions).toContain(
      'Do not ask clarifying questions',
    );
  });

  it('uses prosody only for the custom style, mapping pace onto the speech speed within its limits', () => {
    const custom = compile({ stylePreset: 'custom', prosody: { pace: 1.2, pitch: 0.8, emphasis: 'high' } });
    expect(custom.instructions).toContain(
      brief.customProsodyBrief({ pace: 1.2, pitch: 0.8, emphasis: 'high' }),
    );
    expect(custom.speed).toBe(1.2);
    expect(compile({ stylePreset: 'custom', prosody: { pace: 2 } }).speed).toBe(1.5);
    const warm = compile({ prosody: { pace: 1.2 } });
    expect(warm.instructions).toContain(brief.STYLE_BRIEFS.warm);
    expect(warm.instructions).not.toContain('times your natural pace');
    expect(warm.speed).toBe(1);
  });

  it('briefs the hosted preset with the note that the session settings prevail, only when one is chosen', () => {
    const { instructions } = compile({ hostedPromptId: 'scheduling-assistant-v1' });
    expect(instructions).toContain(
      `${brief.HOSTED_PRESET_BRIEFS['scheduling-assistant-v1']}\n${brief.PRESET_OVERRIDE_NOTE}`,
    );
    expect(compile({ hostedPromptId: 'none' }).instructions).not.toContain(brief.PRESET_OVERRIDE_NOTE);
    expect(compile().instructions).not.toContain('Preset ');
  });

  it('follows the profanity policy, the locale and the turn-taking numbers', () => {
    const session = compile({
      profanityPolicy: 'end_politely',
      locale: 'en-GB',
      region: 'UK',
      vadThreshold: '0.7',
      vadSilenceMs: 1200,
      vadPrefixMs: 500,
      idleTimeoutMs: 9000,
      voice: 'marin',
    });
    expect(session.instructions).toContain(brief.PROFANITY_BRIEFS.end_politely);
    expect(session.instructions).not.toContain(brief.PROFANITY_BRIEFS.deescalate_once);
    expect(session.instructions).toContain('en-GB for region UK');
    expect(session.turnDetection).toMatchObject({
      threshold: 0.7,
      silence_duration_ms: 1200,
      prefix_padding_ms: 500,
      idle_timeout_ms: 9000,
    });
    expect(session.voice).toBe('marin');
  });
});
