import type { CallFigures, UsageSettings } from '@annie/contracts/usage';
import { costUsd, latencySummary } from './call-cost.ts';
import { priceOf } from './price-table.ts';

/** A GPT-Live call's own usage, as its bridge measured it. */
export type LiveMeasured = {
  model: string;
  seconds: number;
  backendModel: string;
  backend: { input: number; cached: number; output: number; reasoning: number };
};

type LiveCallInput = {
  latenciesMs: number[];
  interruptions: number;
  tools: { name: string; durationMs: number; outcome: 'ok' | 'error' }[];
  live: LiveMeasured;
};

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
const NO_TOKENS = {
  inputText: 0,
  inputAudio: 0,
  cachedText: 0,
  cachedAudio: 0,
  outputText: 0,
  outputAudio: 0,
};

/**
 * Prices a GPT-Live call by the tenant's table: the voice model by the minute of active session (the
 * cumulative `usage.seconds` OpenAI last reported), the Responses backend by its text tokens. Its
 * transcripts are part of the voice model and cost nothing more.
 */
export function priceLiveCall(
  measured: LiveCallInput,
  settings: Pick<UsageSettings, 'prices' | 'currency' | 'usdRate'>,
  source: CallFigures['source'],
): { figures: CallFigures; costUsd: number | null; tokens: number } {
  const { live } = measured;
  const voicePrice = priceOf(live.model, settings.prices);
  const backendPrice = priceOf(live.backendModel, settings.prices);
  const voiceUsd = voicePrice ? costUsd(voicePrice, NO_TOKENS, live.seconds) : null;
  const used = live.backend.input + live.backend.output > 0;
  const backendUsd = !used
    ? 0
    : backendPrice
      ? costUsd(backendPrice, {
          ...NO_TOKENS,
          inputText: live.backend.input,
          cachedText: live.backend.cached,
          outputText: live.backend.output,
        })
      : null;
  const total = voiceUsd === null || backendUsd === null ? null : round6(voiceUsd + backendUsd);
  const latenciesMs = measured.latenciesMs.map((ms) => Math.round(ms * 10) / 10);
  return {
    costUsd: total,
    tokens: live.backend.input + live.backend.output,
    figures: {
      source,
      latenciesMs,
      latency: latencySummary(latenciesMs),
      interruptions: measured.interruptions,
      tools: measured.tools.map((tool) => ({ ...tool, durationMs: Math.round(tool.durationMs) })),
      voiceTokens: null,
      transcription: null,
      live: {
        model: live.model,
        seconds: Math.round(live.seconds * 100) / 100,
        backendModel: live.backendModel,
        backendTokens: { ...live.backend },
      },
      twilio: null,
      cost: total === null ? null : { amount: round6(total * settings.usdRate), currency: settings.currency },
    },
  };
}
