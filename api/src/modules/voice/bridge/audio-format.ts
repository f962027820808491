/**
 * The audio a bridge carries. The test panel streams PCM16 at 24 kHz mono; a phone call carries
 * G.711 μ-law at 8 kHz (Twilio Media Streams), which the realtime API accepts as `audio/pcmu`.
 */
export type BridgeAudioFormat =
  | { type: 'audio/pcm'; rate: 24000; bytesPerMs: 48 }
  | { type: 'audio/pcmu'; bytesPerMs: 8 };

export const PCM16_24K: BridgeAudioFormat = { type: 'audio/pcm', rate: 24000, bytesPerMs: 48 };
export const MULAW_8K: BridgeAudioFormat = { type: 'audio/pcmu', bytesPerMs: 8 };

/** The format as the realtime session's `audio.input.format` / `audio.output.format` names it. */
export function sessionFormatOf(format: BridgeAudioFormat) {
  return format.type === 'audio/pcm'
    ? { type: 'audio/pcm' as const, rate: 24000 as const }
    : { type: 'audio/pcmu' as const };
}

/** How many milliseconds of sound `bytes` hold in this format. */
export const durationMs = (bytes: number, format: BridgeAudioFormat) => Math.floor(bytes / format.bytesPerMs);

// Speech peaks around -10 dBFS RMS; scaling RMS by 4 puts ordinary speech high on a 0-100 bar.
const LEVEL_GAIN = 4;

/** Loudness of a PCM16 little-endian chunk on the panel's 0-100 scale (root mean square). */
export function pcm16Level(chunk: Buffer): number {
  const samples = Math.floor(chunk.length / 2);
  if (samples === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples; i++) {
    const sample = chunk.readInt16LE(i * 2) / 32768;
    sum += sample * sample;
  }
  return Math.min(100, Math.round(Math.sqrt(sum / samples) * LEVEL_GAIN * 100));
}
