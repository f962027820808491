/** The enumerations of a voice profile. */
export const VOICE_PROFILE_CONTEXTS = [
  'Default',
  'After-Hours',
  'Inbound-Sales',
  'Scheduling',
  'Triage',
] as const;
export const VOICES = ['cedar', 'marin'] as const;
/** What a profile's calls run on: OpenAI's Realtime API, or GPT-Live with a Responses backend. */
export const VOICE_ENGINES = ['realtime', 'live'] as const;
/** The GPT-Live models (the SDK's types name gpt-live-1; gpt-live-1.1 is on OpenAI's model page). */
export const LIVE_MODEL_IDS = ['gpt-live-1', 'gpt-live-1.1'] as const;
/** The built-in Live voices, as the openai SDK's `BuiltInVoice` lists them (7.57). */
export const LIVE_VOICES = [
  'alloy',
  'ash',
  'ballad',
  'beacon',
  'bossa',
  'cedar',
  'cinder',
  'coral',
  'delta',
  'echo',
  'gleam',
  'marin',
  'meridian',
  'quartz',
  'ripple',
  'sage',
  'shida',
  'shimmer',
  'stone',
  'tempo',
  'verse',
  'vesper',
  'willow',
] as const;
export const STYLE_PRESETS = ['warm', 'energetic', 'calm', 'professional', 'custom'] as const;
export const EMPHASIS_LEVELS = ['low', 'medium', 'high'] as const;
export const BREVITY_LEVELS = ['short', 'medium', 'long'] as const;
export const ACKNOWLEDGMENT_STYLES = ['minimal', 'standard', 'empathic'] as const;
/** The profanity policies a profile can choose; `deescalate_once` is the default. */
export const PROFANITY_POLICIES = ['deescalate_once', 'end_politely'] as const;
export const LOCALES = [
  'en-US',
  'en-GB',
  'es-ES',
  'es-MX',
  'fr-FR',
  'de-DE',
  'it-IT',
  'pt-BR',
  'ja-JP',
  'zh-CN',
  'ko-KR',
] as const;
export const REGIONS = ['US', 'UK', 'EU', 'CA', 'AU', 'IN', 'JP', 'CN', 'BR', 'MX'] as const;
export const HOSTED_PROMPT_PRESETS = [
  'none',
  'customer-service-v1',
  'sales-inbound-v2',
  'scheduling-assistant-v1',
] as const;
