/** One line of a conversation's transcript. */
export type BridgeTranscriptEntry = { speaker: 'user' | 'assistant'; text: string };

type Slot = { key: string; settled: boolean; entry: BridgeTranscriptEntry | null };

/**
 * Transcript lines in the order they were said, not the order their text arrived. The caller's
 * transcription runs beside the response that answers it, so its text may come after the reply's:
 * each turn takes its place when it starts (audio committed, reply begun) and is written out once it
 * and every turn before it are settled.
 */
export class TranscriptOrder {
  private readonly slots: Slot[] = [];
  private readonly emit: (entry: BridgeTranscriptEntry) => void;

  constructor(emit: (entry: BridgeTranscriptEntry) => void) {
    this.emit = emit;
  }

  /** A turn began: its line comes after every turn begun before. */
  reserve(key: string): void {
    if (!this.slots.some((slot) => slot.key === key)) this.slots.push({ key, settled: false, entry: null });
  }

  /** A turn's final text (null: nothing to save, e.g. a failed transcription or nothing heard). */
  settle(key: string, entry: BridgeTranscriptEntry | null): void {
    const slot = this.slots.find((each) => each.key === key);
    if (!slot) {
      if (entry) this.emit(entry);
      return;
    }
    slot.settled = true;
    slot.entry = entry;
    this.flush();
  }

  /** The conversation is over: write what is settled, in order, and forget what never will be. */
  end(): void {
    for (const slot of this.slots.splice(0)) if (slot.settled && slot.entry) this.emit(slot.entry);
  }

  private flush(): void {
    while (this.slots[0]?.settled) {
      const slot = this.slots.shift();
      if (slot?.entry) this.emit(slot.entry);
    }
  }
}

/** An assistant reply as it is generated: its words, each with the audio byte offset it is spoken at. */
export class SpokenReply {
  private readonly words: { text: string; atByte: number }[] = [];
  private partial = '';
  private final: string | null = null;
  generatedBytes = 0;

  /** A transcript delta: it is spoken from the audio generated so far onwards. */
  addText(delta: string): void {
    this.partial += delta;
    for (const text of delta.split(/\s+/).filter(Boolean))
      this.words.push({ text, atByte: this.generatedBytes });
  }

  addAudio(bytes: number): void {
    this.generatedBytes += bytes;
  }

  finish(transcript: string): void {
    this.final = transcript;
  }

  /** The whole reply's text. */
  get text(): string {
    return (this.final ?? this.partial).trim();
  }

  /** The words spoken within the first `heardBytes` of audio, marked as cut off ('' if none). */
  heard(heardBytes: number): string {
    const words = this.words.filter((word) => word.atByte < heardBytes).map((word) => word.text);
    if (words.length === 0) return '';
    return words.length === this.words.length ? this.text : `${words.join(' ')}…`;
  }
}
