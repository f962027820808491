import { readFileSync } from 'node:fs';

/** OpenAI's speech is 24 kHz, 16-bit, mono (its `pcm` format is exactly these samples, no header). */
export const SPEECH_SAMPLE_RATE = 24_000;

/** A soft 440 Hz tone with 20 ms fades, as 16-bit little-endian samples: something audible in the sandbox. */
export function toneSamples(seconds: number): Buffer {
  const count = Math.max(1, Math.round(seconds * SPEECH_SAMPLE_RATE));
  const fade = Math.round(0.02 * SPEECH_SAMPLE_RATE);
  const samples = Buffer.alloc(count * 2);
  for (let i = 0; i < count; i++) {
    const envelope = Math.min(1, i / fade, (count - 1 - i) / fade);
    const value = Math.sin((2 * Math.PI * 440 * i) / SPEECH_SAMPLE_RATE) * 0.2 * envelope;
    samples.writeInt16LE(Math.round(value * 32_767), i * 2);
  }
  return samples;
}

/** A RIFF/WAVE file of 16-bit mono PCM at 24 kHz around `samples`. */
export function wavFile(samples: Buffer): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SPEECH_SAMPLE_RATE, 24);
  header.writeUInt32LE(SPEECH_SAMPLE_RATE * 2, 28); // bytes per second
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

/** MPEG-2 Layer III at 24 kHz, 32 kbit/s, mono: 576 samples (24 ms) in 96 bytes a frame. */
const MP3_FRAME_BYTES = 96;
const MP3_FRAME_SECONDS = 576 / SPEECH_SAMPLE_RATE;

/**
 * Silent MP3 frames: each a header (sync, MPEG-2, Layer III, no CRC, 32 kbit/s, 24 kHz, mono) and
 * all-zero side information and main data, which every decoder plays as silence.
 */
export function silentMp3(seconds: number): Buffer {
  const frames = Math.max(1, Math.ceil(seconds / MP3_FRAME_SECONDS));
  const file = Buffer.alloc(frames * MP3_FRAME_BYTES);
  for (let frame = 0; frame < frames; frame++) file.set([0xff, 0xf3, 0x44, 0xc0], frame * MP3_FRAME_BYTES);
  return file;
}

/** AAC-LC in ADTS, 24 kHz mono: 1024 samples a frame of one silent channel element (max_sfb 0). */
const AAC_FRAME = Buffer.from([0xff, 0xf1, 0x58, 0x40, 0x01, 0x7f, 0xfc, 0x00, 0x00, 0x00, 0x07]);

export function silentAac(seconds: number): Buffer {
  const frames = Math.max(1, Math.ceil((seconds * SPEECH_SAMPLE_RATE) / 1024));
  return Buffer.concat(Array.from({ length: frames }, () => AAC_FRAME));
}

function crc8(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

const FLAC_BLOCK = 4096;

/**
 * A FLAC file of silence at 24 kHz, 16-bit mono: STREAMINFO, then fixed 4096-sample frames, each one
 * CONSTANT subframe of 0 with its header CRC-8 and frame CRC-16 (at most 127 frames, about 21 s).
 */
export function silentFlac(seconds: number): Buffer {
  const frames = Math.min(127, Math.max(1, Math.ceil((seconds * SPEECH_SAMPLE_RATE) / FLAC_BLOCK)));
  const info = Buffer.alloc(34);
  info.writeUInt16BE(FLAC_BLOCK, 0);
  info.writeUInt16BE(FLAC_BLOCK, 2);
  // Frame sizes (bytes 4-9) unknown; then 20 bits of rate, 3 of channels-1, 5 of bits-1, 36 of samples.
  const total = frames * FLAC_BLOCK;
  info.writeUInt32BE(((SPEECH_SAMPLE_RATE << 12) | (0 << 9) | (15 << 4)) >>> 0, 10);
  info.writeUInt32BE(total, 14); // the 36-bit count's high 4 bits (in byte 13) stay 0
  // MD5 of the samples (bytes 18-33) left 0: "not computed", which decoders accept.
  const parts: Buffer[] = [Buffer.from('fLaC', 'latin1'), Buffer.from([0x80, 0x00, 0x00, 0x22]), info];
  for (let number = 0; number < frames; number++) {
    const header = [0xff, 0xf8, 0xc7, 0x08, number];
    const frame = [...header, crc8(Uint8Array.from(header)), 0x00, 0x00, 0x00];
    const crc = crc16(Uint8Array.from(frame));
    parts.push(Buffer.from([...frame, crc >> 8, crc & 0xff]));
  }
  return Buffer.concat(parts);
}

/** Real speech in Ogg/Opus: the fixture the realtime fakes say (3.4 s of "Good afternoon…"). */
export const opusSpeech = (): Buffer =>
  readFileSync(new URL('../fixtures/assistant-reply.opus', import.meta.url));
