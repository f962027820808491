import { DEFAULT_TRANSCRIPTION_MODEL, type ModelStatus, modelStatus } from '@annie/contracts/openai-models';
import { THIRD_PARTY_CONTENT_RULE } from '@annie/contracts/trust';
import type { VoiceProfileFields } from '@annie/contracts/voice-profiles';
import type { CompiledVoiceSession } from '@annie/contracts/voice-session';
import { compileLiveSession } from './compile-live-session.ts';
import * as brief from './voice-briefing.ts';

/** The defaults: the session temperature and a speech-transcription model for the caller's words. */
export const SESSION_TEMPERATURE = 0.9;
export const TRANSCRIPTION_MODEL = DEFAULT_TRANSCRIPTION_MODEL;
// The realtime API accepts speech speeds 0.25-1.5; the profile's pace goes up to 2.
const SPEED_RANGE = { min: 0.25, max: 1.5 };

/** What the system profile (annieai-system) contributes to every session. */
export type SystemPersona = Pick<VoiceProfileFields, 'instructions' | 'personalityTraits' | 'model'>;

/** The log line when a session runs on another model than the one its profile names. */
export const RETIRED_MODEL_WARNING = 'retired realtime model replaced by the default for this session';

/** A retired model a profile named, and the model the session runs with instead. */
export type RetiredModelNotice = { requested: string; shutdownDate: string; used: string };

/**
 * The profile's model, else the persona's, else the configured default; a model OpenAI has shut down
 * is passed over (reported to `onRetired`), so the call still starts.
 */
export function sessionModel(
  candidates: (string | null)[],
  defaultModel: string,
  onRetired?: (notice: RetiredModelNotice) => void,
): string {
  let used = defaultModel;
  const passedOver: ModelStatus[] = [];
  for (const candidate of candidates) {
    if (!candidate) continue;
    const status = modelStatus(candidate);
    if (status.state !== 'retired') {
      used = candidate;
      break;
    }
    passedOver.push(status);
  }
  for (const status of passedOver)
    onRetired?.({ requested: status.model, shutdownDate: status.shutdownDate ?? '', used });
  return used;
}

export const THIRD_PARTY_CONTENT_HEADING = '## Third-party content';

const clamp = (value: number, { min, max }: typeof SPEED_RANGE) => Math.min(max, Math.max(min, value));

function personaSection(persona: SystemPersona): string[] {
  const lines = [persona.instructions.trim() || brief.DEFAULT_PERSONA];
  if (persona.personalityTraits.length > 0)
    lines.push(`Your manner: ${persona.personalityTraits.join(', ')}.`);
  return lines;
}

function specificsSection(profile: VoiceProfileFields): string[] {
  const text = [profile.description.trim(), profile.instructions.trim()].filter(Boolean);
  return text.length > 0 ? ['', brief.PROFILE_SPECIFICS_HEADING, ...text] : [];
}

function deliverySection(profile: VoiceProfileFields): string[] {
  const { appPolicies: policies } = profile;
  return [
    '',
    '## Conduct',
    profile.stylePreset === 'custom'
      ? brief.customProsodyBrief(profile.prosody)
      : brief.STYLE_BRIEFS[profile.stylePreset],
    brief.humannessBrief(profile.humanness),
    brief.localeBrief(profile.locale, profile.region),
    brief.toneBrief(policies),
    brief.BREVITY_BRIEFS[policies.brevity],
    brief.ACKNOWLEDGMENT_BRIEFS[policies.acknowledgment],
    ...(policies.mirroring ? [brief.MIRRORING_BRIEF] : []),
    brief.clarifyingBrief(policies.maxClarifyingQuestions),
    brief.PROFANITY_BRIEFS[profile.profanityPolicy],
    brief.AFTER_INTERRUPTION_RULE,
    ...(policies.lexicalBans.length > 0 ? [brief.neverUseBrief(policies.lexicalBans)] : []),
  ];
}

function guardrailSection(guardrails: VoiceProfileFields['guardrails']): string[] {
  const enabled = (Object.keys(brief.GUARDRAIL_BRIEFS) as (keyof typeof guardrails)[]).filter(
    (name) => guardrails[name],
  );
  return enabled.length > 0
    ? ['', brief.GUARDRAILS_HEADING, ...enabled.map((name) => brief.GUARDRAIL_BRIEFS[name])]
    : [];
}

function presetSection(hostedPromptId: string | null): string[] {
  const preset = hostedPromptId ? brief.HOSTED_PRESET_BRIEFS[hostedPromptId] : undefined;
  return preset ? ['', preset, brief.PRESET_OVERRIDE_NOTE] : [];
}

/**
 * Turns a profile, with the system profile's persona, into the realtime session settings. The one
 * function behind the Preview tab, GET /api/ai/session-config and the realtime bridge.
 */
export function compileVoiceSession(
  profile: VoiceProfileFields,
  persona: SystemPersona,
  defaultModel: string,
  onRetiredModel?: (notice: RetiredModelNotice) => void,
): CompiledVoiceSession {
  const instructions = [
    ...personaSection(persona),
    ...presetSection(profile.hostedPromptId),
    ...specificsSection(profile),
    ...deliverySection(profile),
    ...guardrailSection(profile.guardrails),
    // Every session, whoever is on the line: what comes from outside is data, not instructions.
    '',
    THIRD_PARTY_CONTENT_HEADING,
    THIRD_PARTY_CONTENT_RULE,
  ].join('\n');
  return {
    instructions,
    voice: profile.voice,
    model: sessionModel([profile.model, persona.model], defaultModel, onRetiredModel),
    temperature: SESSION_TEMPERATURE,
    speed: profile.stylePreset === 'custom' ? clamp(profile.prosody.pace, SPEED_RANGE) : 1,
    turnDetection: {
      type: 'server_vad',
      threshold: Number(profile.vadThreshold),
      prefix_padding_ms: profile.vadPrefixMs,
      silence_duration_ms: profile.vadSilenceMs,
      idle_timeout_ms: profile.idleTimeoutMs,
    },
    transcriptionModel: TRANSCRIPTION_MODEL,
    engine: profile.engine,
    engineSplitPercent: profile.engineSplitPercent,
    live: compileLiveSession(profile, persona),
  };
}
