import {
  FALLBACK_REALTIME_MODEL,
  mergeVoiceProfile,
  VOICE_PROFILE_DEFAULTS,
  type VoiceProfilePatch,
} from '@annie/contracts/voice-profiles';
import { describe, expect, it } from 'vitest';
import { BACKCHANNEL_POLICY, DELEGATION_POLICY, INTERRUPTION_POLICY } from './compile-live-session.ts';
import { compileVoiceSession, THIRD_PARTY_CONTENT_HEADING } from './compile-voice-session.ts';
import * as brief from './voice-briefing.ts';

const persona = { instructions: 'You are Annie, assistant to Ms Hart.', personalityTraits: [], model: null };
const compile = (patch: VoiceProfilePatch = {}) =>
  compileVoiceSession(
    mergeVoiceProfile({ ...VOICE_PROFILE_DEFAULTS, name: 'Front desk' }, patch),
    persona,
    FALLBACK_REALTIME_MODEL,
  );

describe('the GPT-Live side of a compiled profile', () => {
  it('carries the engine and the profile’s Live model, voice, backend model and acknowledgement delay', () => {
    const session = compile({
      engine: 'live',
      live: {
        model: 'gpt-live-1',
        voice: 'shimmer',
        backendModel: 'gpt-5.6-terra',
        acknowledgementDelayMs: 1200,
      },
    });
    expect(session.engine).toBe('live');
    expect(session.live).toMatchObject({
      model: 'gpt-live-1',
      voice: 'shimmer',
      backendModel: 'gpt-5.6-terra',
      acknowledgementDelayMs: 1200,
    });
    expect(compile().engine).toBe('realtime');
  });

  it('is a short conversation prompt under the Live template’s three policy labels, in order', () => {
    const prompt = compile({ engine: 'live' }).live.conversationPrompt;
    const at = [BACKCHANNEL_POLICY, INTERRUPTION_POLICY, DELEGATION_POLICY].map((label) =>
      prompt.indexOf(label),
    );
    expect(at.every((index) => index > 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(prompt.startsWith('You are Annie, assistant to Ms Hart.')).toBe(true);
    expect(prompt).toContain('Backend tools:');
    // Short whatever the profile holds: its long free text goes to the backend, not to the voice model.
    const long = compile({ engine: 'live', instructions: 'Mind the diary. '.repeat(1000) });
    expect(long.live.conversationPrompt).toBe(prompt);
    expect(prompt.length).toBeLessThan(2_400);
  });

  it('follows the profile’s style and backchannel settings', () => {
    const calm = compile({ stylePreset: 'calm', appPolicies: { acknowledgment: 'empathic' } }).live;
    expect(calm.conversationPrompt).toContain(brief.STYLE_BRIEFS.calm);
    expect(calm.conversationPrompt).toContain(`${BACKCHANNEL_POLICY} Use warm backchannels.`);
  });

  it('leaves the profile’s free text, guardrails and third-party rule to the backend’s instructions', () => {
    const session = compile({
      engine: 'live',
      description: 'Ms Hart’s private line',
      instructions: 'Never book Fridays.',
      guardrails: { legal: true },
    });
    for (const text of ['Never book Fridays.', brief.GUARDRAIL_BRIEFS.legal, THIRD_PARTY_CONTENT_HEADING]) {
      expect(session.live.conversationPrompt).not.toContain(text);
      expect(session.instructions).toContain(text);
    }
  });
});
