import { floatToPcm16, PCM_SAMPLE_RATE } from './pcm16.ts';

// ~85 ms per frame at 24 kHz: small enough for barge-in to feel immediate, large enough to be cheap.
const FRAME_SAMPLES = 2048;

/** Spec part 1 §9: mono, 24 kHz, echo cancellation, noise suppression, auto gain. */
export const MICROPHONE_CONSTRAINTS: MediaStreamConstraints = {
  audio: {
    channelCount: 1,
    sampleRate: PCM_SAMPLE_RATE,
    echoCancellation: true,
    noiseSuppression: true,
    autoGainControl: true,
  },
};

/**
 * The microphone as PCM16 frames. The AudioContext runs at 24 kHz, so the browser resamples the
 * device for us. A ScriptProcessorNode keeps this free of a separately served worklet module.
 */
export class MicrophoneStream {
  #stream: MediaStream | null = null;
  #context: AudioContext | null = null;

  /** Asks for the microphone (rejects when refused) and hands every frame to `onFrame`. */
  async start(onFrame: (frame: ArrayBuffer) => void): Promise<void> {
    const stream = await navigator.mediaDevices.getUserMedia(MICROPHONE_CONSTRAINTS);
    const context = new AudioContext({ sampleRate: PCM_SAMPLE_RATE });
    const source = context.createMediaStreamSource(stream);
    const processor = context.createScriptProcessor(FRAME_SAMPLES, 1, 1);
    processor.onaudioprocess = (event) => onFrame(floatToPcm16(event.inputBuffer.getChannelData(0)));
    source.connect(processor);
    // A processor only runs while connected to the output; it writes nothing, so nothing is heard.
    processor.connect(context.destination);
    this.#stream = stream;
    this.#context = context;
  }

  stop(): void {
    for (const track of this.#stream?.getTracks() ?? []) track.stop();
    void this.#context?.close();
    this.#stream = null;
    this.#context = null;
  }
}
