import type { RealtimeSessionUpdate } from './bridge-hooks.ts';
import type { MeasuredCall } from './call-figures.ts';
import type { BridgeRequest } from './realtime-bridges.ts';
import type { BridgeTranscriptEntry } from './realtime-transcript.ts';

/**
 * One conversation between a caller's audio stream and a voice engine (OpenAI Realtime, or GPT-Live):
 * what a phone call's media stream needs of either, whichever the profile chose.
 */
export interface CallEngine {
  /** What the engine measured so far (latency per turn, interruptions, tools, usage). */
  readonly figures: { snapshot: () => MeasuredCall };
  /** Caller audio, in the bridge's format. */
  appendAudio(chunk: Buffer): void;
  /** Tells the model something the app knows (not the caller's words), and lets it answer. */
  tellModel(note: string): void;
  /** The caller proved who they are: other instructions and tools from now on. */
  updateSession(update: RealtimeSessionUpdate): void;
  /**
   * The assistant says a closing line worded by `instructions`, then the engine ends; resolves once the
   * line is out (its audio sent to the caller) or the engine ended without it.
   */
  sayGoodbyeAndEnd(instructions: string): Promise<void>;
  close(reason?: string): void;
}

/** A turn of an earlier stretch of the same call, to seed a new session with (a resumed call). */
export type SeedTurn = BridgeTranscriptEntry;

/** What opening an engine needs: the compiled profile says which engine it is. */
export type CallEngineRequest = BridgeRequest;
