import type { ModelPrice } from '@annie/contracts/usage';

/** The day the default prices were read from OpenAI's model pages (USD per million tokens, or per minute). */
export const PRICED_ON = '2026-11-26';

/** gpt-realtime-2 and 2.1 are priced alike. */
const GPT_REALTIME_2: ModelPrice = {
  per: 'tokens',
  textIn: 4,
  textCached: 0.4,
  textOut: 24,
  audioIn: 32,
  audioCached: 0.4,
  audioOut: 64,
};

/**
 * OpenAI's published prices for the models the product configures and their close relatives. A tenant
 * may override any of them (or price a model missing here) in its usage settings.
 */
export const DEFAULT_PRICES: Record<string, ModelPrice> = {
  'gpt-realtime-2.1': GPT_REALTIME_2,
  'gpt-realtime-2': GPT_REALTIME_2,
  'gpt-realtime-2.1-mini': {
    per: 'tokens',
    textIn: 0.6,
    textCached: 0.06,
    textOut: 2.4,
    audioIn: 10,
    audioCached: 0.3,
    audioOut: 20,
  },
  'gpt-realtime-1.5': {
    per: 'tokens',
    textIn: 4,
    textCached: 0.4,
    textOut: 16,
    audioIn: 32,
    audioCached: 0.4,
    audioOut: 64,
  },
  // GPT-Live bills its voice per second of active session, $0.05 a minute (gpt-live-1.1 also has a
  // $0.02 standby rate, for WebRTC sessions waiting for speech only).
  'gpt-live-1': { per: 'minute', usd: 0.05 },
  'gpt-live-1.1': { per: 'minute', usd: 0.05 },
  'gpt-transcribe': { per: 'minute', usd: 0.0045 },
  'gpt-realtime-whisper': { per: 'minute', usd: 0.017 },
  'gpt-6-luna': {
    per: 'tokens',
    textIn: 0.1,
    textCached: 0.01,
    textOut: 0.5,
    audioIn: 0,
    audioCached: 0,
    audioOut: 0,
  },
};

/** The price of `model`: the tenant's override, else the default, else none (the cost is then unknown). */
export function priceOf(model: string, overrides: Record<string, ModelPrice>): ModelPrice | undefined {
  return overrides[model] ?? DEFAULT_PRICES[model];
}
