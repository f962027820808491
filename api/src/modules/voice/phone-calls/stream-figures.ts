import { type LiveUsage, type MeasuredCall, nothingMeasured } from '../bridge/index.ts';

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
    if (part.live) merged.live = addLive(merged.live, part.live);
  }
  return merged;
}

/** Each stream of a GPT-Live call is its own session, whose usage counts from zero: the call's is their sum. */
function addLive(sum: LiveUsage | undefined, part: LiveUsage): LiveUsage {
  if (!sum) return { ...part, backend: { ...part.backend } };
  const backend = { ...sum.backend };
  for (const key of Object.keys(backend) as (keyof LiveUsage['backend'])[]) backend[key] += part.backend[key];
  return { ...part, seconds: sum.seconds + part.seconds, backend };
}
