import type { CallFigures, UsageSettings } from '@annie/contracts/usage';
import { costUsd, latencySummary, type TokenUse } from './call-cost.ts';
import { type LiveMeasured, priceLiveCall } from './live-call-pricing.ts';
import { priceOf } from './price-table.ts';

/** What a call measured, as the bridge hands it over (see voice/bridge's MeasuredCall). */
export type MeasuredCallInput = {
  latenciesMs: number[];
  interruptions: number;
  tools: { name: string; durationMs: number; outcome: 'ok' | 'error' }[];
  voice: TokenUse;
  transcription: { inputText: number; inputAudio: number; output: number; seconds: number };
  /** A GPT-Live call: its voice seconds and its Responses backend's tokens, with the models that ran. */
  live?: LiveMeasured;
};

export type CallModels = { voice: string; transcription: string | null };

/** The figures of a call and their cost in USD (null when a model used has no price). */
export type PricedCall = { figures: CallFigures; costUsd: number | null; tokens: number };

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * Prices one call by the tenant's table: the voice model's tokens, the transcription model's tokens
 * (text in and out, audio in) or minutes. Twilio's price is added later, once Twilio reports it.
 */
export function priceCall(
  measured: MeasuredCallInput,
  models: CallModels,
  settings: Pick<UsageSettings, 'prices' | 'currency' | 'usdRate'>,
  source: CallFigures['source'],
): PricedCall {
  if (measured.live) return priceLiveCall({ ...measured, live: measured.live }, settings, source);
  const voicePrice = priceOf(models.voice, settings.prices);
  const transcribed = measured.transcription;
  const transcriptionPrice = models.transcription
    ? priceOf(models.transcription, settings.prices)
    : undefined;
  const usedTranscription = transcribed.inputAudio + transcribed.output + transcribed.seconds > 0;
  const voiceUsd = voicePrice ? costUsd(voicePrice, measured.voice) : null;
  const transcriptionUsd = !usedTranscription
    ? 0
    : transcriptionPrice
      ? costUsd(
          transcriptionPrice,
          {
            inputText: transcribed.inputText,
            inputAudio: transcribed.inputAudio,
            cachedText: 0,
            cachedAudio: 0,
            outputText: transcribed.output,
            outputAudio: 0,
          },
          transcribed.seconds,
        )
      : null;
  const total = voiceUsd === null || transcriptionUsd === null ? null : round6(voiceUsd + transcriptionUsd);
  const v = measured.voice;
  const tokens =
    v.inputText +
    v.inputAudio +
    v.outputText +
    v.outputAudio +
    transcribed.inputText +
    transcribed.inputAudio +
    transcribed.output;
  const latenciesMs = measured.latenciesMs.map((ms) => Math.round(ms * 10) / 10);
  return {
    costUsd: total,
    tokens,
    figures: {
      source,
      latenciesMs,
      latency: latencySummary(latenciesMs),
      interruptions: measured.interruptions,
      tools: measured.tools.map((tool) => ({ ...tool, durationMs: Math.round(tool.durationMs) })),
      voiceTokens: { model: models.voice, ...measured.voice },
      transcription: models.transcription ? { model: models.transcription, ...transcribed } : null,
      twilio: null,
      cost: total === null ? null : { amount: round6(total * settings.usdRate), currency: settings.currency },
    },
  };
}
