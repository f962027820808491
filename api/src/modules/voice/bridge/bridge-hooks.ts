import type { RealtimeToolsConfig } from 'openai/resources/realtime/realtime';
import type { ToolRunner } from './realtime-tool-runner.ts';
import type { BridgeTranscriptEntry } from './realtime-transcript.ts';

/** The part of a live session that can change mid-call. */
export type RealtimeSessionUpdate = { type: 'realtime'; instructions?: string; tools?: RealtimeToolsConfig };

/** Where a bridge delivers what the realtime side produces; the caller (panel, phone call) decides. */
export type BridgeHooks = {
  /** Assistant audio in the bridge's format, as it arrives. */
  onAudio: (chunk: Buffer) => void;
  /** Playback must stop now (the caller interrupted): Twilio's `clear`, the panel's flush. */
  onClearAudio?: () => void;
  /**
   * The transcript sink: one final line per user utterance and per assistant reply, in the order they
   * were said; an interrupted reply is saved as far as the caller heard it.
   */
  onTranscript: (entry: BridgeTranscriptEntry) => void;
  /** A response is done; `followsTools` when it is the one asked for after tool outputs (the goodbye). */
  onResponseDone?: (response: { followsTools: boolean }) => void;
  runTool?: ToolRunner;
  /** The realtime side reported an error; the bridge carries on unless it also closed. */
  onError?: (message: string) => void;
  /** Called once, when either side ends the bridge. */
  onEnd?: (reason: string) => void;
};
