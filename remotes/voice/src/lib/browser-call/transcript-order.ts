import type { RealtimeServerEvent } from './connection.ts';
import { completedEntry } from './state.ts';

type Entry = NonNullable<ReturnType<typeof completedEntry>>;
type Slot = { itemId: string; settled: boolean; entry: Entry | null };

const itemIdOf = (event: RealtimeServerEvent) => {
  const value = (event as { item_id?: unknown }).item_id;
  return typeof value === 'string' ? value : '';
};

/**
 * Final transcript entries in the order they were said. The user's transcription runs beside the
 * response that answers it and may arrive after it: each turn takes its place when it starts (the
 * user's audio committed, the reply's first words) and is handed on once it and all before it are final.
 */
export class TranscriptOrder {
  readonly #slots: Slot[] = [];
  readonly #emit: (entry: Entry) => void;

  constructor(emit: (entry: Entry) => void) {
    this.#emit = emit;
  }

  /** Feeds one server event; entries come out through `emit`, in conversation order. */
  push(event: RealtimeServerEvent): void {
    const itemId = itemIdOf(event);
    const starts =
      event.type === 'input_audio_buffer.committed' ||
      event.type === 'response.output_audio_transcript.delta';
    const entry = completedEntry(event);
    if (starts) this.#reserve(itemId);
    else if (entry) this.#settle(itemId, entry);
    else if (
      event.type === 'conversation.item.input_audio_transcription.failed' ||
      event.type === 'response.output_audio_transcript.done'
    )
      this.#settle(itemId, null);
  }

  #reserve(itemId: string): void {
    if (itemId && !this.#slots.some((slot) => slot.itemId === itemId))
      this.#slots.push({ itemId, settled: false, entry: null });
  }

  #settle(itemId: string, entry: Entry | null): void {
    const slot = this.#slots.find((each) => each.itemId === itemId);
    if (!slot) {
      if (entry) this.#emit(entry);
      return;
    }
    slot.settled = true;
    slot.entry = entry;
    while (this.#slots[0]?.settled) {
      const first = this.#slots.shift();
      if (first?.entry) this.#emit(first.entry);
    }
  }
}
