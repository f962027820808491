import { mulawOf } from './mulaw.ts';
import { frameOf, type LiveAudioFormat } from './openai-live-config.ts';

const FRAME_MS = 20;

/** G.711 A-law code of one 16-bit linear sample. */
function alawOf(sample: number): number {
  let value = Math.max(-32_768, Math.min(32_767, Math.round(sample))) >> 3;
  const sign = value >= 0 ? 0x80 : 0;
  if (!sign) value = -value - 1;
  let segment = 0;
  while (segment < 8 && value > 0x1f << segment) segment += 1;
  const code = segment >= 8 ? 0x7f : (segment << 4) | ((value >> (segment ? segment : 1)) & 0x0f);
  return (sign | code) ^ 0x55;
}

/** 20 ms of a quiet 440 Hz tone in `format` (audible, distinct from silence in tests). */
export function toneFrame(format: LiveAudioFormat): Buffer {
  const samples = format.rate / 50;
  const sample = (i: number) => 6_000 * Math.sin((2 * Math.PI * 440 * i) / format.rate);
  if (format.type === 'audio/pcm') {
    const frame = Buffer.alloc(samples * 2);
    for (let i = 0; i < samples; i++) frame.writeInt16LE(Math.round(sample(i)), i * 2);
    return frame;
  }
  const encode = format.type === 'audio/pcmu' ? mulawOf : alawOf;
  return Buffer.from(Array.from({ length: samples }, (_, i) => encode(sample(i))));
}

type Utterance = { words: string[]; next: number; wordEndsAt: number; done: (yielded: boolean) => void };

export type SpeechSinks = {
  /** One 20 ms output frame, tone or silence, with its place on the session timeline. */
  frame: (audio: Buffer, startMs: number, endMs: number, speaking: boolean) => void;
  /** One word of the assistant's transcript, sent as it starts to be spoken. */
  word: (delta: string, startMs: number, endMs: number) => void;
};

/**
 * The model's voice: a clock that sends one output frame every 20 ms of the session timeline, paced
 * against the session's start so timer drift does not accumulate. Output streams at real-time pace,
 * silence included [3P Pipecat, LiveKit]; while an utterance plays, its words go out one per
 * `msPerWord` with their start and end on the same timeline.
 */
export class LiveSpeech {
  private readonly queue: Utterance[] = [];
  private framesSent = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly silence: Buffer;
  private readonly tone: Buffer;

  private readonly now: () => number;
  private readonly msPerWord: number;
  private readonly sinks: SpeechSinks;

  constructor(format: LiveAudioFormat, now: () => number, msPerWord: number, sinks: SpeechSinks) {
    this.now = now;
    this.msPerWord = msPerWord;
    this.sinks = sinks;
    const { bytes, silence } = frameOf(format);
    this.silence = Buffer.alloc(bytes, silence);
    this.tone = toneFrame(format);
  }

  start(): void {
    this.timer = setInterval(() => this.tick(), FRAME_MS / 2);
  }

  stop(): void {
    clearInterval(this.timer);
    for (const utterance of this.queue.splice(0)) utterance.done(true);
  }

  get speaking(): boolean {
    return this.queue.length > 0;
  }

  /** Queues `text`; resolves once it has all been spoken (false) or the model yielded mid-way (true). */
  say(text: string): Promise<boolean> {
    const words = text.split(/\s+/).filter(Boolean);
    if (words.length === 0) return Promise.resolve(false);
    // It starts at the first frame that begins once it was asked for, never in a frame already past.
    return new Promise((done) =>
      this.queue.push({ words, next: 0, wordEndsAt: Math.ceil(this.now()), done }),
    );
  }

  /** The model stops talking (it heard the caller): the rest of what it was saying is dropped. */
  yield(): boolean {
    const current = this.queue.shift();
    if (!current) return false;
    current.done(true);
    return true;
  }

  private tick(): void {
    const due = Math.floor(this.now() / FRAME_MS);
    while (this.framesSent < due) {
      const startMs = this.framesSent * FRAME_MS;
      this.framesSent += 1;
      this.speakAt(startMs);
      this.sinks.frame(this.speaking ? this.tone : this.silence, startMs, startMs + FRAME_MS, this.speaking);
    }
  }

  /** Advances the utterance playing at `ms`: the next word starts once the last one has ended. */
  private speakAt(ms: number): void {
    const current = this.queue[0];
    if (!current || ms < current.wordEndsAt) return;
    const word = current.words[current.next];
    if (word === undefined) {
      this.queue.shift();
      current.done(false);
      this.speakAt(ms);
      return;
    }
    current.next += 1;
    current.wordEndsAt = ms + this.msPerWord;
    this.sinks.word(` ${word}`, ms, ms + this.msPerWord);
  }
}
