import type {
  ACKNOWLEDGMENT_STYLES,
  BREVITY_LEVELS,
  EMPHASIS_LEVELS,
  HOSTED_PROMPT_PRESETS,
  LOCALES,
  PROFANITY_POLICIES,
  REGIONS,
  STYLE_PRESETS,
  VOICE_ENGINES,
  VOICE_PROFILE_CONTEXTS,
  VOICES,
} from '@annie/contracts/voice-profiles';

type Labels<T extends readonly string[]> = Record<T[number], string>;

/** What the console shows for each value a profile can hold: words, never the stored code. */
export const CONTEXT_LABELS: Labels<typeof VOICE_PROFILE_CONTEXTS> = {
  // "Default" would read like the default-profile badge beside it.
  Default: 'General',
  'After-Hours': 'After hours',
  'Inbound-Sales': 'Inbound sales',
  Scheduling: 'Scheduling',
  Triage: 'Triage',
};

export const VOICE_LABELS: Labels<typeof VOICES> = { cedar: 'Cedar', marin: 'Marin' };

/** One line on how each voice sounds, shown in the voice picker. */
export const VOICE_DESCRIPTIONS: Labels<typeof VOICES> = {
  cedar: 'Low and even; steady on long calls',
  marin: 'Bright and clear; crisp on the phone',
};

export const STYLE_LABELS: Labels<typeof STYLE_PRESETS> = {
  warm: 'Warm',
  energetic: 'Energetic',
  calm: 'Calm and measured',
  professional: 'Professional',
  custom: 'Custom (set pace, pitch and emphasis)',
};

export const EMPHASIS_LABELS: Labels<typeof EMPHASIS_LEVELS> = {
  low: 'Light',
  medium: 'Moderate',
  high: 'Strong',
};

export const BREVITY_LABELS: Labels<typeof BREVITY_LEVELS> = {
  short: 'Short (a sentence or two)',
  medium: 'Medium (a short paragraph)',
  long: 'Long (full explanations)',
};

export const ACKNOWLEDGMENT_LABELS: Labels<typeof ACKNOWLEDGMENT_STYLES> = {
  minimal: 'Minimal ("Okay.")',
  standard: 'Standard ("Got it, one moment.")',
  empathic: 'Empathic ("I understand, let me help.")',
};

export const PROFANITY_LABELS: Labels<typeof PROFANITY_POLICIES> = {
  deescalate_once: 'Calm it down once, then carry on',
  end_politely: 'End the call politely',
};

export const LOCALE_LABELS: Labels<typeof LOCALES> = {
  'en-US': 'English (United States)',
  'en-GB': 'English (United Kingdom)',
  'es-ES': 'Spanish (Spain)',
  'es-MX': 'Spanish (Mexico)',
  'fr-FR': 'French (France)',
  'de-DE': 'German (Germany)',
  'it-IT': 'Italian (Italy)',
  'pt-BR': 'Portuguese (Brazil)',
  'ja-JP': 'Japanese (Japan)',
  'zh-CN': 'Chinese (Simplified)',
  'ko-KR': 'Korean (South Korea)',
};

export const REGION_LABELS: Labels<typeof REGIONS> = {
  US: 'United States',
  UK: 'United Kingdom',
  EU: 'European Union',
  CA: 'Canada',
  AU: 'Australia',
  IN: 'India',
  JP: 'Japan',
  CN: 'China',
  BR: 'Brazil',
  MX: 'Mexico',
};

export const HOSTED_PROMPT_LABELS: Labels<typeof HOSTED_PROMPT_PRESETS> = {
  none: 'No hosted prompt',
  'customer-service-v1': 'Customer service (v1)',
  'sales-inbound-v2': 'Inbound sales (v2)',
  'scheduling-assistant-v1': 'Scheduling assistant (v1)',
};

export const ENGINE_LABELS: Labels<typeof VOICE_ENGINES> = {
  realtime: 'Realtime (gpt-realtime)',
  live: 'GPT-Live (full duplex)',
};

/** A label from one of the tables above, or the value itself when it is not in the table. */
export function labelOf(labels: Record<string, string>, value: string): string {
  return labels[value] ?? value;
}

/** A GPT-Live voice's name, capitalised (the SDK lists them in lower case). */
export const liveVoiceLabel = (voice: string) => voice.charAt(0).toUpperCase() + voice.slice(1);
