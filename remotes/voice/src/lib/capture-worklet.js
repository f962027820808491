// The Voice Console's microphone capture on the audio rendering thread (an AudioWorklet module).
// microphone-capture.ts loads this file by URL, so it is served as it is written: plain JavaScript
// with no imports. Its types are in capture-worklet.d.ts.

/** Samples per frame: ~85 ms at 24 kHz, small enough for barge-in to feel immediate, large enough to be cheap. */
export const FRAME_SAMPLES = 2048;

/** Web Audio samples (-1..1) to PCM16 little-endian bytes, clamped at full scale. */
export function floatToPcm16(samples) {
  const buffer = new ArrayBuffer(samples.length * 2);
  const view = new DataView(buffer);
  for (let i = 0; i < samples.length; i++) {
    const sample = Math.max(-1, Math.min(1, samples[i] ?? 0));
    view.setInt16(i * 2, sample < 0 ? sample * 0x8000 : sample * 0x7fff, true);
  }
  return buffer;
}

/** Gathers render quanta (128 samples each) into frames of `frameSamples`, each handed out as PCM16. */
export class Pcm16Framer {
  #frame;
  #filled = 0;

  constructor(frameSamples = FRAME_SAMPLES) {
    this.#frame = new Float32Array(frameSamples);
  }

  /** Adds samples; returns the frames they completed, oldest first (usually none). */
  push(samples) {
    const frames = [];
    let offset = 0;
    while (offset < samples.length) {
      const taken = Math.min(samples.length - offset, this.#frame.length - this.#filled);
      this.#frame.set(samples.subarray(offset, offset + taken), this.#filled);
      this.#filled += taken;
      offset += taken;
      if (this.#filled === this.#frame.length) {
        frames.push(floatToPcm16(this.#frame));
        this.#filled = 0;
      }
    }
    return frames;
  }
}

// Registered only in an AudioWorkletGlobalScope; tests import the functions above in a page's scope.
if (typeof registerProcessor === 'function') {
  // The name MicrophoneCapture creates its node with (CAPTURE_PROCESSOR_NAME in microphone-capture.ts).
  registerProcessor(
    'pcm16-capture',
    class Pcm16Capture extends AudioWorkletProcessor {
      #framer = new Pcm16Framer();

      process(inputs) {
        const channel = inputs[0]?.[0];
        // The frame's bytes move to the main thread (transferred, not copied).
        if (channel) for (const frame of this.#framer.push(channel)) this.port.postMessage(frame, [frame]);
        // The output stays silent: the node is connected to the destination only so it is pulled.
        return true;
      }
    },
  );
}
