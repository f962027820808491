import { VOICE_PROFILE_RANGES, type VoiceProfileFields } from '@annie/contracts/voice-profiles';
import {
  ACKNOWLEDGMENT_LABELS,
  BREVITY_LABELS,
  CONTEXT_LABELS,
  EMPHASIS_LABELS,
  ENGINE_LABELS,
  HOSTED_PROMPT_LABELS,
  LOCALE_LABELS,
  labelOf,
  liveVoiceLabel,
  PROFANITY_LABELS,
  REGION_LABELS,
  STYLE_LABELS,
  VOICE_LABELS,
} from './profile-labels.ts';

/** One field that differs between two saved states, in words: "Voice: Cedar → Marin". */
export type FieldChange = { path: string; field: string; from: string; to: string };

type Field = { label: string; format?: (value: unknown) => string };

const words = (labels: Record<string, string>) => (value: unknown) => labelOf(labels, String(value));
const onOff = (value: unknown) => (value ? 'On' : 'Off');
const withUnit = (unit: string) => (value: unknown) => `${String(value)} ${unit}`;
const list = (value: unknown) =>
  Array.isArray(value) && value.length > 0 ? value.map((item) => `“${String(item)}”`).join(', ') : 'None';

/** Every field's name as the editor shows it, and how its value reads. */
const FIELDS: Record<string, Field> = {
  name: { label: 'Name' },
  context: { label: 'Context', format: words(CONTEXT_LABELS) },
  description: { label: 'Description' },
  instructions: { label: 'Instructions' },
  voice: { label: 'Voice', format: words(VOICE_LABELS) },
  stylePreset: { label: 'Conversation style', format: words(STYLE_LABELS) },
  humanness: { label: 'Humanness' },
  'prosody.pace': { label: 'Pace' },
  'prosody.pitch': { label: 'Pitch' },
  'prosody.emphasis': { label: 'Emphasis', format: words(EMPHASIS_LABELS) },
  locale: { label: 'Locale', format: words(LOCALE_LABELS) },
  region: { label: 'Region', format: words(REGION_LABELS) },
  profanityPolicy: { label: 'Profanity', format: words(PROFANITY_LABELS) },
  profileVersion: { label: 'Profile version' },
  vadSilenceMs: { label: 'Silence duration', format: withUnit('ms') },
  vadThreshold: { label: 'Threshold' },
  vadPrefixMs: { label: 'Prefix padding', format: withUnit('ms') },
  idleTimeoutMs: { label: 'Idle timeout', format: withUnit('ms') },
  'appPolicies.brevity': { label: 'Response length', format: words(BREVITY_LABELS) },
  'appPolicies.acknowledgment': { label: 'Acknowledgment style', format: words(ACKNOWLEDGMENT_LABELS) },
  'appPolicies.mirroring': { label: 'Style mirroring', format: onOff },
  'appPolicies.warmth': { label: 'Warmth' },
  'appPolicies.energy': { label: 'Energy' },
  'appPolicies.humor': { label: 'Humor' },
  'appPolicies.maxClarifyingQuestions': { label: 'Max clarifying questions' },
  'appPolicies.lexicalBans': { label: 'Banned phrases', format: list },
  'guardrails.medicalDentalVet': { label: 'Medical/Dental/Veterinary guardrail', format: onOff },
  'guardrails.legal': { label: 'Legal guardrail', format: onOff },
  'guardrails.propertyManagement': { label: 'Property Management guardrail', format: onOff },
  'guardrails.sensitiveDisclaimers': { label: 'Sensitive disclaimers', format: onOff },
  hostedPromptId: { label: 'Hosted prompt', format: (value) => words(HOSTED_PROMPT_LABELS)(value ?? 'none') },
  model: { label: 'Model', format: (value) => (value === null ? 'System default' : String(value)) },
  personalityTraits: { label: 'Personality traits', format: list },
  engine: { label: 'Engine', format: words(ENGINE_LABELS) },
  engineSplitPercent: { label: VOICE_PROFILE_RANGES.engineSplitPercent.label, format: withUnit('%') },
  'live.model': { label: 'Live model' },
  'live.voice': { label: 'Live voice', format: (value) => liveVoiceLabel(String(value)) },
  'live.backendModel': { label: 'Backend model' },
  'live.acknowledgementDelayMs': { label: 'Acknowledgement delay', format: withUnit('ms') },
};

const LONG_TEXT = 80;

/** A field this table does not know yet (added later): its name in words, "liveVoice" → "Live voice". */
const humanise = (path: string) => {
  const last = path.split('.').pop() ?? path;
  const spaced = last.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

function show(field: Field | undefined, value: unknown): string {
  if (value === undefined) return '—';
  const text = field?.format
    ? field.format(value)
    : typeof value === 'object' && value !== null
      ? JSON.stringify(value)
      : String(value);
  if (text === '') return '(empty)';
  return text.length > LONG_TEXT ? `${text.slice(0, LONG_TEXT - 1)}…` : text;
}

/** Leaves of a profile by dotted path; lists are leaves (compared whole). */
function flatten(value: unknown, prefix = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into.set(prefix, value);
  }
  return into;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What changed from `before` to `after`, field by field in the editor's order, each value in words.
 * Long texts are cut short; a field unknown to the table still shows, under its name in words.
 */
export function diffProfiles(
  before: Partial<VoiceProfileFields>,
  after: Partial<VoiceProfileFields>,
): FieldChange[] {
  const old = flatten(before);
  const next = flatten(after);
  const known = Object.keys(FIELDS);
  const paths = [...new Set([...known, ...old.keys(), ...next.keys()])].filter(
    (path) => old.has(path) || next.has(path),
  );
  return paths
    .filter((path) => !same(old.get(path), next.get(path)))
    .map((path) => {
      const field = FIELDS[path];
      return {
        path,
        field: field?.label ?? humanise(path),
        from: show(field, old.get(path)),
        to: show(field, next.get(path)),
      };
    });
}
