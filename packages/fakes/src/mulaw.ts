import { readFileSync } from 'node:fs';

/** μ-law silence (the code for a zero sample). */
export const MULAW_SILENCE = 0xff;
/** One Twilio media frame: 20 ms at 8 kHz, one byte per sample. */
export const MULAW_FRAME_BYTES = 160;

const BIAS = 0x84;
const CLIP = 32_635;

/** G.711 μ-law code of one 16-bit linear sample (the segment search of the ITU-T reference). */
export function mulawOf(sample: number): number {
  let value = Math.max(-32_768, Math.min(32_767, Math.round(sample)));
  const sign = value < 0 ? 0x80 : 0;
  if (sign) value = -value;
  value = Math.min(value, CLIP) + BIAS;
  let exponent = 7;
  for (let mask = 0x4000; (value & mask) === 0 && exponent > 0; mask >>= 1) exponent -= 1;
  const mantissa = (value >> (exponent + 3)) & 0x0f;
  return ~(sign | (exponent << 4) | mantissa) & 0xff;
}

/** The 16-bit linear sample a μ-law code stands for. */
export function linearOf(code: number): number {
  const byte = ~code & 0xff;
  const exponent = (byte >> 4) & 0x07;
  const magnitude = ((((byte & 0x0f) << 3) + BIAS) << exponent) - BIAS;
  return byte & 0x80 ? -magnitude : magnitude;
}

/**
 * The callee's voice in the fake's calls: 2 s of a speech-like signal (a 140 Hz voice with two formants,
 * four syllables a second), μ-law at 8 kHz. Made by `writeCalleeFixture` and committed.
 */
export const CALLEE_FIXTURE_URL = new URL('../fixtures/callee-hello.ulaw', import.meta.url);

/** The committed callee fixture. */
export function calleeAudio(): Buffer {
  return readFileSync(CALLEE_FIXTURE_URL);
}

/** Synthesises the callee fixture (kept so it can be remade, not run by the fake). */
export function synthesiseCalleeSpeech(seconds = 2, rate = 8_000): Buffer {
  const audio = Buffer.alloc(seconds * rate);
  for (let i = 0; i < audio.length; i++) {
    const t = i / rate;
    const syllable = Math.max(0, Math.sin(2 * Math.PI * 4 * t)) ** 0.6;
    let sample = 0;
    for (let harmonic = 1; harmonic <= 20; harmonic++) {
      const frequency = 140 * harmonic;
      const formants =
        Math.exp(-(((frequency - 700) / 250) ** 2)) + 0.6 * Math.exp(-(((frequency - 1_200) / 300) ** 2));
      sample += (formants + 0.05) * Math.sin(2 * Math.PI * frequency * t);
    }
    audio[i] = mulawOf(4_000 * syllable * sample);
  }
  return audio;
}

/** Bytes of `audio` in 20 ms frames that are not pure silence: what a listener hears as speech. */
export function spokenBytes(audio: Buffer): number {
  let bytes = 0;
  for (let at = 0; at < audio.length; at += MULAW_FRAME_BYTES) {
    const frame = audio.subarray(at, at + MULAW_FRAME_BYTES);
    if (frame.some((byte) => byte !== MULAW_SILENCE)) bytes += frame.length;
  }
  return bytes;
}
