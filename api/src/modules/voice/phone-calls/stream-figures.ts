import { type MeasuredCall, nothingMeasured } from '../bridge/index.ts';

/** What several streams of one call measured, as one call (a call resumed after a crash has several). */
export function mergeMeasured(parts: MeasuredCall[]): MeasuredCall {
  const merged = nothingMeasured();
  for (const part of parts) {
    merged.latenciesMs.push(...part.latenciesMs);
    merged.interruptions += part.interruptions;
    merged.tools.push(...part.tools);
    for (const key of Object.keys(merged.voice) as (keyof MeasuredCall['voice'])[]) {
      merged.voice[key] += part.voice[key] ?? 0;
    }
    for (const key of Object.keys(merged.transcription) as (keyof MeasuredCall['transcription'])[]) {
      merged.transcription[key] += part.transcription[key] ?? 0;
    }
  }
  return merged;
}
