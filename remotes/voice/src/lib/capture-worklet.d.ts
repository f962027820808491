// Types of capture-worklet.js, which stays plain JavaScript because it is served as written.

/** Samples per frame (~85 ms at 24 kHz). */
export declare const FRAME_SAMPLES: number;
/** Web Audio samples (-1..1) to PCM16 little-endian bytes, clamped at full scale. */
export declare function floatToPcm16(samples: Float32Array): ArrayBuffer;
/** Gathers render quanta into frames of `frameSamples`, each handed out as PCM16. */
export declare class Pcm16Framer {
  constructor(frameSamples?: number);
  /** Adds samples; returns the frames they completed, oldest first (usually none). */
  push(samples: Float32Array): ArrayBuffer[];
}
