import type { RealtimeServerEvent } from './connection.ts';

/** Two seconds without the assistant's words close its line (the SDK TranscriptGrouper's assistant silence). */
export const ASSISTANT_SILENCE_MS = 2_000;

type Speaker = 'user' | 'assistant';
type Line = { itemId: string; speaker: Speaker; text: string };

const DELTA_SPEAKER: Record<string, Speaker> = {
  'session.input_transcript.delta': 'user',
  'session.output_transcript.delta': 'assistant',
};
/** The events a GPT-Live call's data channel hears. */
export const LIVE_TRANSCRIPT_EVENTS: ReadonlySet<string> = new Set(Object.keys(DELTA_SPEAKER));

/**
 * A GPT-Live call's transcript as the screen's Realtime events. GPT-Live sends timed fragments with no
 * turns and no done event; a change of speaker (or the assistant's silence) closes a line, which then
 * becomes the Realtime pair the call's state and its saved conversation already understand: a user line
 * is a committed turn, its transcription deltas and its completion; an assistant line is its transcript
 * deltas (speaking) and done (listening).
 */
export class LiveTranscriptEvents {
  #line: Line | null = null;
  #count = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #emit: (event: RealtimeServerEvent) => void;

  constructor(emit: (event: RealtimeServerEvent) => void) {
    this.#emit = emit;
  }

  /** One event off the data channel (only transcript deltas reach it on a Live call). */
  push(event: RealtimeServerEvent): void {
    const speaker = DELTA_SPEAKER[event.type];
    const delta = typeof event.delta === 'string' ? event.delta : '';
    if (!speaker || !delta) return;
    if (this.#line && this.#line.speaker !== speaker) this.close();
    if (!this.#line) this.#open(speaker);
    const line = this.#line as unknown as Line;
    line.text += delta;
    this.#emit(
      speaker === 'user'
        ? { type: 'conversation.item.input_audio_transcription.delta', item_id: line.itemId, delta }
        : { type: 'response.output_audio_transcript.delta', item_id: line.itemId, delta },
    );
    clearTimeout(this.#timer);
    if (speaker === 'assistant') this.#timer = setTimeout(() => this.close(), ASSISTANT_SILENCE_MS);
  }

  /** Closes the open line (the call ended, or the other speaker began). */
  close(): void {
    clearTimeout(this.#timer);
    const line = this.#line;
    if (!line) return;
    this.#line = null;
    const transcript = line.text.trim();
    if (line.speaker === 'user') {
      this.#emit({
        type: 'conversation.item.input_audio_transcription.completed',
        item_id: line.itemId,
        transcript,
      });
      this.#emit({ type: 'input_audio_buffer.speech_stopped', item_id: line.itemId });
    } else {
      this.#emit({ type: 'response.output_audio_transcript.done', item_id: line.itemId, transcript });
      this.#emit({ type: 'output_audio_buffer.stopped' });
    }
  }

  #open(speaker: Speaker): void {
    this.#count += 1;
    const itemId = `live_line_${this.#count}`;
    this.#line = { itemId, speaker, text: '' };
    if (speaker === 'user') {
      this.#emit({ type: 'input_audio_buffer.speech_started', item_id: itemId });
      this.#emit({ type: 'input_audio_buffer.committed', item_id: itemId });
    } else this.#emit({ type: 'output_audio_buffer.started' });
  }
}
