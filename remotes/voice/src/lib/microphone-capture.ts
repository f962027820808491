import { MICROPHONE_CONSTRAINTS } from './microphone-stream.ts';
import { PCM_SAMPLE_RATE } from './pcm16.ts';

/** The processor capture-worklet.js registers. */
export const CAPTURE_PROCESSOR_NAME = 'pcm16-capture';

/**
 * The microphone as PCM16 frames (24 kHz mono, FRAME_SAMPLES each), for the Voice Console's test panel.
 * The AudioContext runs at 24 kHz, so the browser resamples the device; an AudioWorklet gathers and
 * converts the samples on the audio thread and posts each frame here.
 */
export class MicrophoneCapture {
  #stream: MediaStream | null = null;
  #context: AudioContext | null = null;
  #node: AudioWorkletNode | null = null;

  /** Asks for the microphone (rejects when refused) and hands every frame to `onFrame`. */
  async start(onFrame: (frame: ArrayBuffer) => void): Promise<void> {
    const stream = await navigator.mediaDevices.getUserMedia(MICROPHONE_CONSTRAINTS);
    const context = new AudioContext({ sampleRate: PCM_SAMPLE_RATE });
    this.#stream = stream;
    this.#context = context;
    try {
      // Emitted by the bundler as a file of its own beside this remote's chunks (publicPath 'auto').
      await context.audioWorklet.addModule(new URL('./capture-worklet.js', import.meta.url));
    } catch (error) {
      this.stop();
      throw error;
    }
    const node = new AudioWorkletNode(context, CAPTURE_PROCESSOR_NAME, {
      channelCount: 1,
      channelCountMode: 'explicit',
    });
    node.port.onmessage = (event: MessageEvent<ArrayBuffer>) => onFrame(event.data);
    context.createMediaStreamSource(stream).connect(node);
    // A node is only run while connected to the output; it writes silence, so nothing is heard.
    node.connect(context.destination);
    this.#node = node;
  }

  stop(): void {
    for (const track of this.#stream?.getTracks() ?? []) track.stop();
    if (this.#node) this.#node.port.onmessage = null;
    void this.#context?.close();
    this.#stream = null;
    this.#context = null;
    this.#node = null;
  }
}
