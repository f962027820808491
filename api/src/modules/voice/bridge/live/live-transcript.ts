import { TranscriptGrouper } from 'openai/helpers/live';
import type { ServerEvent } from 'openai/resources/live/live';
import type { BridgeTranscriptEntry } from '../realtime-transcript.ts';

/**
 * GPT-Live's transcripts are timed fragments with no turns and no done event; the SDK's
 * TranscriptGrouper makes them into lines by speaker (a change of speaker, or two seconds without
 * assistant text, closes a line; short backchannels such as "mm-hmm" are left out). Lines are written
 * as they close, which is the order they were said: a line closes when the next speaker starts.
 */
export class LiveTranscript {
  private readonly grouper = new TranscriptGrouper();
  private ended = false;

  constructor(emit: (entry: BridgeTranscriptEntry) => void) {
    this.grouper.on('segment.closed', ({ segment }) => {
      const text = segment.text.trim();
      if (text) emit({ speaker: segment.speaker, text });
    });
  }

  push(event: ServerEvent): void {
    if (this.ended) return;
    if (event.type === 'session.closed') this.ended = true;
    this.grouper.push(event);
  }

  /** The call is over: every open line is written now. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.grouper.close();
  }
}
