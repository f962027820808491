import type { VoiceProfileFields } from '@annie/contracts/voice-profiles';
import type { CompiledLiveSession } from '@annie/contracts/voice-session';
import * as brief from './voice-briefing.ts';

/**
 * GPT-Live's conversation prompt follows OpenAI's Live prompting template: a short role paragraph, then
 * the three policies under the template's own labels, which the guide says to keep. Everything else a
 * profile says (workflows, guardrails, tool rules, third-party content) goes to the Responses backend,
 * whose instructions are the compiled session's full `instructions`.
 */
export const BACKCHANNEL_POLICY = 'Backchannel policy:';
export const INTERRUPTION_POLICY = 'Interruption policy:';
export const DELEGATION_POLICY = 'Delegation policy:';

const BACKCHANNELS: Record<VoiceProfileFields['appPolicies']['acknowledgment'], string> = {
  minimal: 'Use few backchannels. A brief "mm" or "yes" while the caller gives details, never over them.',
  standard: 'Use moderate backchannels. Acknowledge naturally without competing with the main response.',
  empathic: 'Use warm backchannels. Let the caller hear that you are following, without talking over them.',
};

/**
 * What the backend can do, in plain words: the voice model needs capabilities, not tool names or
 * schemas. Which of them a given caller may use is the backend's and the application's business.
 */
const BACKEND_CAPABILITIES = [
  "- Diary: read the executive's calendar, find free time, book, move or cancel meetings.",
  '- Messages: read and send email and text messages, take a message for the executive.',
  '- Contacts and notes: look people up, keep notes and reminders.',
  '- Knowledge and the web: look up documents the executive keeps, and current public information.',
  '- The call: check who is calling, verify the executive, and end the call.',
];

/** The profile's role paragraph: the persona, then how it sounds and how long it speaks. */
function rolePart(profile: VoiceProfileFields, persona: Pick<VoiceProfileFields, 'instructions'>): string {
  const policies = profile.appPolicies;
  return [
    persona.instructions.trim() || brief.DEFAULT_PERSONA,
    profile.stylePreset === 'custom'
      ? brief.customProsodyBrief(profile.prosody)
      : brief.STYLE_BRIEFS[profile.stylePreset],
    brief.humannessBrief(profile.humanness),
    brief.localeBrief(profile.locale, profile.region),
    brief.BREVITY_BRIEFS[policies.brevity],
    brief.PROFANITY_BRIEFS[profile.profanityPolicy],
  ].join('\n');
}

/** The GPT-Live side of a compiled profile: its conversation prompt, voice, backend and delay. */
export function compileLiveSession(
  profile: VoiceProfileFields,
  persona: Pick<VoiceProfileFields, 'instructions'>,
): CompiledLiveSession {
  const conversationPrompt = [
    rolePart(profile, persona),
    '',
    `${BACKCHANNEL_POLICY} ${BACKCHANNELS[profile.appPolicies.acknowledgment]}`,
    '',
    `${INTERRUPTION_POLICY} Stop speaking when the caller interrupts. Listen to what they say, do not repeat what you had already said, and answer what they have just said.`,
    '',
    DELEGATION_POLICY,
    'Backend tools:',
    ...BACKEND_CAPABILITIES,
    '',
    'Delegate to the backend when:',
    '- The request needs a backend capability, a fact about the executive, or careful reasoning.',
    '- A correction changes the work already requested.',
    '- The caller wants to end the call.',
    '',
    'Do not delegate to the backend when:',
    '- You can answer from the conversation or a still-current result.',
    '- You need a brief clarification to understand the request.',
    '',
    'Never state a fact about the executive, their diary or their messages that the backend has not given you.',
  ].join('\n');
  return {
    model: profile.live.model,
    voice: profile.live.voice,
    conversationPrompt,
    backendModel: profile.live.backendModel,
    acknowledgementDelayMs: profile.live.acknowledgementDelayMs,
  };
}
