import { PCM_SAMPLE_RATE, pcm16ToFloat } from './pcm16.ts';

/** Plays the assistant's PCM16 chunks back to back, and drops what is queued on barge-in. */
export class PcmPlayer {
  readonly #context = new AudioContext({ sampleRate: PCM_SAMPLE_RATE });
  #nextStart = 0;
  readonly #playing = new Set<AudioBufferSourceNode>();

  play(chunk: ArrayBuffer): void {
    const samples = pcm16ToFloat(chunk);
    if (samples.length === 0) return;
    const buffer = this.#context.createBuffer(1, samples.length, PCM_SAMPLE_RATE);
    buffer.copyToChannel(samples, 0);
    const source = this.#context.createBufferSource();
    source.buffer = buffer;
    source.connect(this.#context.destination);
    const startAt = Math.max(this.#context.currentTime, this.#nextStart);
    source.start(startAt);
    this.#nextStart = startAt + buffer.duration;
    this.#playing.add(source);
    source.onended = () => this.#playing.delete(source);
  }

  /** Silences what is playing and everything queued. */
  flush(): void {
    for (const source of this.#playing) source.stop();
    this.#playing.clear();
    this.#nextStart = 0;
  }

  close(): void {
    this.flush();
    void this.#context.close();
  }
}
