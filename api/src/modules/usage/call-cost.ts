import type { ModelPrice, VoiceTokens } from '@annie/contracts/usage';

const PER_MILLION = 1_000_000;

/** Tokens by kind, as a call's figures hold them (cached tokens are a part of the input ones). */
export type TokenUse = Omit<VoiceTokens, 'model'>;

/**
 * What tokens cost at `price`, in USD: cached tokens are a part of the input, billed at the cached
 * rate, the rest at the input rate. A per-minute price bills `seconds` instead.
 */
export function costUsd(price: ModelPrice, use: TokenUse, seconds = 0): number {
  if (price.per === 'minute') return (seconds / 60) * price.usd;
  const text =
    (use.inputText - use.cachedText) * price.textIn +
    use.cachedText * price.textCached +
    use.outputText * price.textOut;
  const audio =
    (use.inputAudio - use.cachedAudio) * price.audioIn +
    use.cachedAudio * price.audioCached +
    use.outputAudio * price.audioOut;
  return (text + audio) / PER_MILLION;
}

/** The value below which `share` of the sorted values lie (nearest rank). */
function percentile(sorted: number[], share: number): number {
  const rank = Math.max(1, Math.ceil(share * sorted.length));
  return sorted[rank - 1] ?? 0;
}

/** p50, p95 and max of a call's response latencies, rounded to the millisecond; null without turns. */
export function latencySummary(latenciesMs: number[]): { p50: number; p95: number; max: number } | null {
  if (latenciesMs.length === 0) return null;
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  return {
    p50: Math.round(percentile(sorted, 0.5)),
    p95: Math.round(percentile(sorted, 0.95)),
    max: Math.round(sorted.at(-1) ?? 0),
  };
}
