import type {
  RealtimeResponseUsage,
  RealtimeTranscriptionDuration,
} from '@annie/fakes/openai-realtime-usage';

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** Tokens by kind, summed over every `usage` a realtime fake sent with `response.done`. */
export function voiceTokensSent(usages: RealtimeResponseUsage[]) {
  const total = (pick: (usage: RealtimeResponseUsage) => number) => sum(usages.map(pick));
  return {
    inputText: total((u) => u.input_token_details.text_tokens),
    inputAudio: total((u) => u.input_token_details.audio_tokens),
    cachedText: total((u) => u.input_token_details.cached_tokens_details.text_tokens),
    cachedAudio: total((u) => u.input_token_details.cached_tokens_details.audio_tokens),
    outputText: total((u) => u.output_token_details.text_tokens),
    outputAudio: total((u) => u.output_token_details.audio_tokens),
  };
}

/** Seconds of audio the fake's per-minute transcription model reported. */
export const transcriptionSecondsSent = (usages: RealtimeTranscriptionDuration[]) =>
  sum(usages.map((usage) => usage.seconds));

/**
 * What a call on gpt-realtime-2.1 with gpt-transcribe costs in USD at OpenAI's published prices, written
 * out here rather than read from the product's price table, so a wrong table fails the tests.
 */
export function publishedCostUsd(voice: ReturnType<typeof voiceTokensSent>, seconds: number): number {
  const perMillion =
    (voice.inputText - voice.cachedText) * 4 +
    voice.cachedText * 0.4 +
    voice.outputText * 24 +
    (voice.inputAudio - voice.cachedAudio) * 32 +
    voice.cachedAudio * 0.4 +
    voice.outputAudio * 64;
  return perMillion / 1_000_000 + (seconds / 60) * 0.0045;
}
