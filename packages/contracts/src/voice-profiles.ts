import { z } from 'zod';
import { DEFAULT_REALTIME_MODEL, DEFAULT_TEXT_MODEL } from './openai-models.ts';
import {
  ACKNOWLEDGMENT_STYLES,
  BREVITY_LEVELS,
  EMPHASIS_LEVELS,
  HOSTED_PROMPT_PRESETS,
  LIVE_MODEL_IDS,
  LIVE_VOICES,
  LOCALES,
  PROFANITY_POLICIES,
  REGIONS,
  STYLE_PRESETS,
  VOICE_ENGINES,
  VOICE_PROFILE_CONTEXTS,
  VOICES,
} from './voice-profile-options.ts';

export {
  ACKNOWLEDGMENT_STYLES,
  BREVITY_LEVELS,
  EMPHASIS_LEVELS,
  HOSTED_PROMPT_PRESETS,
  LIVE_MODEL_IDS,
  LIVE_VOICES,
  LOCALES,
  PROFANITY_POLICIES,
  REGIONS,
  STYLE_PRESETS,
  VOICE_ENGINES,
  VOICE_PROFILE_CONTEXTS,
  VOICES,
} from './voice-profile-options.ts';

/** The agent a profile belongs to unless another is named, and the id of the system profile. */
export const DEFAULT_AGENT_ID = 'default-agent';
export const SYSTEM_PROFILE_ID = 'annieai-system';
/** The system model fallback: a realtime model OpenAI still serves (not a preview model it has shut down). */
export const FALLBACK_REALTIME_MODEL = DEFAULT_REALTIME_MODEL;

type Range = { min: number; max: number; step: number; default: number; label: string; unit?: string };

/** Range, step and default of every number a profile holds. */
export const VOICE_PROFILE_RANGES = {
  vadSilenceMs: { label: 'Silence duration', unit: 'ms', min: 300, max: 2000, step: 100, default: 700 },
  vadThreshold: { label: 'Threshold', min: 0, max: 1, step: 0.05, default: 0.55 },
  vadPrefixMs: { label: 'Prefix padding', unit: 'ms', min: 0, max: 1000, step: 50, default: 300 },
  idleTimeoutMs: { label: 'Idle timeout', unit: 'ms', min: 3000, max: 20000, step: 1000, default: 6000 },
  maxClarifyingQuestions: { label: 'Max clarifying questions', min: 0, max: 3, step: 1, default: 1 },
  humanness: { label: 'Humanness', min: 0, max: 10, step: 1, default: 7 },
  // 1 is natural speed and pitch.
  pace: { label: 'Pace', min: 0.5, max: 2, step: 0.1, default: 1 },
  pitch: { label: 'Pitch', min: 0.5, max: 2, step: 0.1, default: 1 },
  // Warmth, energy and humour run from 0 to 5.
  warmth: { label: 'Warmth', min: 0, max: 5, step: 1, default: 2 },
  energy: { label: 'Energy', min: 0, max: 5, step: 1, default: 1 },
  humor: { label: 'Humor', min: 0, max: 5, step: 1, default: 1 },
  // The share of a profile's calls that run on the other engine, to compare the two on its own calls.
  engineSplitPercent: {
    label: 'Calls on the other engine',
    unit: '%',
    min: 0,
    max: 100,
    step: 5,
    default: 0,
  },
  // How long GPT-Live waits before a spoken "one moment" while the backend works; a quick tool needs none.
  acknowledgementDelayMs: {
    label: 'Acknowledgement delay',
    unit: 'ms',
    min: 0,
    max: 5000,
    step: 100,
    default: 800,
  },
} as const satisfies Record<string, Range>;

const onStep = (value: number, range: Range) => {
  const steps = (value - range.min) / range.step;
  return Math.abs(steps - Math.round(steps)) < 1e-6;
};

/** A number within its range and on its step; the message names the setting. */
function steppedNumber(range: Range) {
  const unit = range.unit ? ` ${range.unit}` : '';
  return z
    .number({ error: `${range.label} must be a number` })
    .min(range.min, `${range.label} must be between ${range.min} and ${range.max}${unit}`)
    .max(range.max, `${range.label} must be between ${range.min} and ${range.max}${unit}`)
    .refine((value) => onStep(value, range), `${range.label} must be in steps of ${range.step}`);
}

/** vadThreshold is stored as a string; a number is accepted and kept as its decimal text. */
export const vadThresholdSchema = z
  .preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    z
      .string({ error: 'Threshold must be a number between 0 and 1' })
      .trim()
      .regex(/^\d+(\.\d+)?$/, {
        error: 'Threshold must be a number between 0 and 1',
      }),
  )
  .pipe(
    z
      .string()
      .refine((text) => Number(text) >= 0 && Number(text) <= 1, 'Threshold must be between 0 and 1')
      .refine(
        (text) => onStep(Number(text), VOICE_PROFILE_RANGES.vadThreshold),
        'Threshold must be in steps of 0.05',
      ),
  );

const text = (label: string, max: number) =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`),
    })
    .max(max, `${label} must be at most ${max} characters`);

const enumOf = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: `${label} must be one of ${values.join(', ')}` });

export const prosodySchema = z
  .object({
    pace: steppedNumber(VOICE_PROFILE_RANGES.pace),
    pitch: steppedNumber(VOICE_PROFILE_RANGES.pitch),
    emphasis: enumOf('Emphasis', EMPHASIS_LEVELS),
  })
  .strict();

/** Banned phrases: trimmed, empty ones dropped. */
export const lexicalBansSchema = z
  .array(text('Banned phrase', 200), { error: 'Banned phrases must be a list of text' })
  .max(100, 'At most 100 banned phrases')
  .transform((phrases) => phrases.map((phrase) => phrase.trim()).filter(Boolean));

export const appPoliciesSchema = z
  .object({
    brevity: enumOf('Response length', BREVITY_LEVELS),
    acknowledgment: enumOf('Acknowledgment style', ACKNOWLEDGMENT_STYLES),
    mirroring: z.boolean({ error: 'Style mirroring must be true or false' }),
    warmth: steppedNumber(VOICE_PROFILE_RANGES.warmth),
    energy: steppedNumber(VOICE_PROFILE_RANGES.energy),
    humor: steppedNumber(VOICE_PROFILE_RANGES.humor),
    maxClarifyingQuestions: steppedNumber(VOICE_PROFILE_RANGES.maxClarifyingQuestions),
    lexicalBans: lexicalBansSchema,
  })
  .strict();

export const guardrailsSchema = z
  .object({
    medicalDentalVet: z.boolean({ error: 'Medical/Dental/Veterinary must be true or false' }),
    legal: z.boolean({ error: 'Legal must be true or false' }),
    propertyManagement: z.boolean({ error: 'Property Management must be true or false' }),
    sensitiveDisclaimers: z.boolean({ error: 'Sensitive Disclaimers must be true or false' }),
  })
  .strict();

export const personalityTraitsSchema = z
  .array(text('Personality trait', 60).trim().min(1, 'Personality traits must not be empty'))
  .max(20, 'At most 20 personality traits');

/** The GPT-Live settings of a profile (used when its engine is `live`). */
export const liveEngineSchema = z
  .object({
    model: enumOf('Live model', LIVE_MODEL_IDS),
    voice: enumOf('Live voice', LIVE_VOICES),
    /** The Responses model GPT-Live delegates reasoning and every tool to. */
    backendModel: text('Backend model', 100).trim().min(1, 'Backend model is required'),
    acknowledgementDelayMs: steppedNumber(VOICE_PROFILE_RANGES.acknowledgementDelayMs),
  })
  .strict();

export type LiveEngineSettings = z.infer<typeof liveEngineSchema>;

/** Every editable field of a profile, each required: the shape a profile always has once saved. */
export const voiceProfileFieldsSchema = z
  .object({
    name: text('Profile name', 120).trim().min(1, 'Profile name is required'),
    context: enumOf('Context', VOICE_PROFILE_CONTEXTS),
    description: text('Description', 2000),
    instructions: text('Instructions', 20_000),
    voice: enumOf('Voice', VOICES),
    stylePreset: enumOf('Conversation style', STYLE_PRESETS),
    humanness: steppedNumber(VOICE_PROFILE_RANGES.humanness),
    prosody: prosodySchema,
    locale: enumOf('Locale', LOCALES),
    region: enumOf('Region', REGIONS),
    profanityPolicy: enumOf('Profanity policy', PROFANITY_POLICIES),
    profileVersion: text('Profile version', 20).trim().min(1, 'Profile version is required'),
    vadSilenceMs: steppedNumber(VOICE_PROFILE_RANGES.vadSilenceMs),
    vadThreshold: vadThresholdSchema,
    vadPrefixMs: steppedNumber(VOICE_PROFILE_RANGES.vadPrefixMs),
    idleTimeoutMs: steppedNumber(VOICE_PROFILE_RANGES.idleTimeoutMs),
    appPolicies: appPoliciesSchema,
    guardrails: guardrailsSchema,
    hostedPromptId: enumOf('Hosted prompt', HOSTED_PROMPT_PRESETS).nullable(),
    model: text('Model', 100).trim().min(1, 'Model must not be empty').nullable(),
    personalityTraits: personalityTraitsSchema,
    engine: enumOf('Engine', VOICE_ENGINES),
    /** Each call runs on the other engine with this chance (drawn once per call). */
    engineSplitPercent: steppedNumber(VOICE_PROFILE_RANGES.engineSplitPercent),
    live: liveEngineSchema,
  })
  .strict();

export type VoiceProfileFields = z.infer<typeof voiceProfileFieldsSchema>;

/** What a new profile holds until someone changes it. */
export const VOICE_PROFILE_DEFAULTS: VoiceProfileFields = {
  name: '',
  context: 'Default',
  description: '',
  instructions: '',
  voice: 'cedar',
  stylePreset: 'warm',
  humanness: VOICE_PROFILE_RANGES.humanness.default,
  prosody: {
    pace: VOICE_PROFILE_RANGES.pace.default,
    pitch: VOICE_PROFILE_RANGES.pitch.default,
    emphasis: 'medium',
  },
  locale: 'en-US',
  region: 'US',
  profanityPolicy: 'deescalate_once',
  profileVersion: 'v2.0',
  vadSilenceMs: VOICE_PROFILE_RANGES.vadSilenceMs.default,
  vadThreshold: String(VOICE_PROFILE_RANGES.vadThreshold.default),
  vadPrefixMs: VOICE_PROFILE_RANGES.vadPrefixMs.default,
  idleTimeoutMs: VOICE_PROFILE_RANGES.idleTimeoutMs.default,
  appPolicies: {
    brevity: 'short',
    acknowledgment: 'minimal',
    mirroring: false,
    warmth: VOICE_PROFILE_RANGES.warmth.default,
    energy: VOICE_PROFILE_RANGES.energy.default,
    humor: VOICE_PROFILE_RANGES.humor.default,
    maxClarifyingQuestions: VOICE_PROFILE_RANGES.maxClarifyingQuestions.default,
    lexicalBans: ['As an AI', 'According to my database'],
  },
  guardrails: {
    medicalDentalVet: false,
    legal: false,
    propertyManagement: false,
    sensitiveDisclaimers: false,
  },
  hostedPromptId: null,
  model: null,
  personalityTraits: [],
  engine: 'realtime',
  engineSplitPercent: VOICE_PROFILE_RANGES.engineSplitPercent.default,
  live: {
    model: 'gpt-live-1.1',
    voice: 'marin',
    backendModel: DEFAULT_TEXT_MODEL,
    acknowledgementDelayMs: VOICE_PROFILE_RANGES.acknowledgementDelayMs.default,
  },
};

/** Any subset of the fields, nested groups included; what PATCH and a partial import carry. */
const partialFieldsShape = voiceProfileFieldsSchema
  .extend({
    prosody: prosodySchema.partial(),
    appPolicies: appPoliciesSchema.partial(),
    guardrails: guardrailsSchema.partial(),
    live: liveEngineSchema.partial(),
  })
  .partial().shape;

export type VoiceProfilePatch = Partial<
  Omit<VoiceProfileFields, 'prosody' | 'appPolicies' | 'guardrails' | 'live'> & {
    live: Partial<VoiceProfileFields['live']>;
    prosody: Partial<VoiceProfileFields['prosody']>;
    appPolicies: Partial<VoiceProfileFields['appPolicies']>;
    guardrails: Partial<VoiceProfileFields['guardrails']>;
  }
>;

/** Fills what a patch leaves out from `base` (the defaults for a new profile), group by group. */
export function mergeVoiceProfile(base: VoiceProfileFields, patch: VoiceProfilePatch): VoiceProfileFields {
  return {
    ...base,
    ...patch,
    prosody: { ...base.prosody, ...patch.prosody },
    appPolicies: { ...base.appPolicies, ...patch.appPolicies },
    guardrails: { ...base.guardrails, ...patch.guardrails },
    live: { ...base.live, ...patch.live },
  } as VoiceProfileFields;
}

const agentIdSchema = z
  .string({ error: 'agentId must be text' })
  .trim()
  .min(1, 'agentId is required')
  .max(100, 'agentId must be at most 100 characters');

/** Body of POST /api/voice/profiles: a name, the agent, and any fields (the rest take the defaults). */
export const createVoiceProfileRequestSchema = z
  .object({
    ...partialFieldsShape,
    name: voiceProfileFieldsSchema.shape.name,
    agentId: agentIdSchema.default(DEFAULT_AGENT_ID),
    isDefault: z.boolean({ error: 'isDefault must be true or false' }).optional(),
  })
  .strict();

/** Body of PATCH /api/voice/profiles/:id: the changed fields. */
export const updateVoiceProfileRequestSchema = z
  .object({
    ...partialFieldsShape,
    isDefault: z.boolean({ error: 'isDefault must be true or false' }).optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { error: 'Provide at least one field to change' });

/** POST /api/voice/profiles/import: an exported file (its fields; it is created under the default agent). */
export const importVoiceProfileRequestSchema = z
  .object({ ...partialFieldsShape, name: voiceProfileFieldsSchema.shape.name })
  .strict();

/** GET /api/voice/profiles query. */
export const voiceProfileListQuerySchema = z.object({ agentId: agentIdSchema.default(DEFAULT_AGENT_ID) });

/** A profile as the API returns it. The system profile's id is `annieai-system`. */
export const voiceProfileSchema = voiceProfileFieldsSchema.extend({
  id: z.string(),
  agentId: z.string(),
  isDefault: z.boolean(),
  isSystemProfile: z.boolean(),
  /** Increases by one with every save. */
  version: z.number().int().min(1),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

/** One saved state of a profile, with who saved it and when. */
export const voiceProfileVersionSchema = z.strictObject({
  version: z.number().int().min(1),
  savedAt: z.iso.datetime(),
  savedBy: z.string().nullable(),
  profile: voiceProfileFieldsSchema,
});

/** PUT /api/annie/config: the system profile's persona and defaults. */
export const annieConfigRequestSchema = z
  .object({
    name: voiceProfileFieldsSchema.shape.name,
    instructions: voiceProfileFieldsSchema.shape.instructions,
    voice: voiceProfileFieldsSchema.shape.voice,
    humanness: voiceProfileFieldsSchema.shape.humanness,
    stylePreset: voiceProfileFieldsSchema.shape.stylePreset,
    prosody: prosodySchema,
    model: voiceProfileFieldsSchema.shape.model,
    vadSettings: z
      .object({
        silenceDurationMs: voiceProfileFieldsSchema.shape.vadSilenceMs,
        threshold: vadThresholdSchema,
        prefixPaddingMs: voiceProfileFieldsSchema.shape.vadPrefixMs,
      })
      .strict(),
    personalityTraits: personalityTraitsSchema,
    appPolicies: appPoliciesSchema,
  })
  .partial()
  .strict();

export type VoiceProfile = z.infer<typeof voiceProfileSchema>;
export type VoiceProfileVersion = z.infer<typeof voiceProfileVersionSchema>;
export type CreateVoiceProfileRequest = z.input<typeof createVoiceProfileRequestSchema>;
export type UpdateVoiceProfileRequest = z.input<typeof updateVoiceProfileRequestSchema>;
export type AnnieConfigRequest = z.input<typeof annieConfigRequestSchema>;
export type ImportVoiceProfileRequest = z.input<typeof importVoiceProfileRequestSchema>;

/** POST /api/voice/profiles/preview: the editor's unsaved fields (a new form may have no name yet). */
export const previewVoiceProfileRequestSchema = z
  .object({
    ...partialFieldsShape,
    name: z.string({ error: 'Profile name must be text' }).max(120).optional(),
    /** The system profile previews as the persona itself, with no "Profile specifics". */
    isSystemProfile: z.boolean().optional(),
  })
  .strict();

export type PreviewVoiceProfileRequest = z.input<typeof previewVoiceProfileRequestSchema>;

/** POST /api/voice/profiles/voice-preview: the voice of the picker to hear a sample of. */
export const voicePreviewRequestSchema = z.strictObject({ voice: enumOf('Voice', VOICES) });

export type VoicePreviewRequest = z.input<typeof voicePreviewRequestSchema>;
