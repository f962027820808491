import { DEFAULT_REALTIME_SCRIPT } from './openai-realtime-script.ts';

/** A tool the fake model asks for, as `response.function_call_arguments.done` carries it. */
export type FakeFunctionCall = { name: string; arguments: string };

/** One user turn: what the fake "hears", and how the model answers it. */
export type FakeUserTurn = {
  transcript: string;
  /** Ask for this tool first (then speak `replyAfterTool` once the client returns its output). */
  functionCall?: FakeFunctionCall | null;
  /** Spoken when there is no tool call; the script's `reply` otherwise. */
  reply?: string;
  /**
   * Spoken once this turn's tool output is back, instead of the script's `replyAfterTool`; a function is
   * given the output (in-process callers only, e.g. the sandbox, whose answers read the real results).
   */
  replyAfterTool?: string | ((toolOutput: string) => string);
};

/** What the WebRTC fake says and how fast; every field has a default fit for unit tests. */
export type RealtimeWebRtcScript = {
  /** Spoken for the client's first `response.create` (the page asks for a greeting). */
  greeting: string;
  /** What the fake hears on each automatic turn, in order (see `userTurnAfterPackets`). */
  userTranscripts: string[];
  /** Automatic turns with their own tool call and replies; when set, used instead of `userTranscripts`. */
  userTurns: FakeUserTurn[] | null;
  /**
   * Automatic turns: one after this many microphone RTP packets (20 ms each) since the call's start or
   * the previous turn, while `userTranscripts` lasts; null = turns only on demand (`userSays`).
   */
  userTurnAfterPackets: number | null;
  /** The tool every user turn asks for before answering (unless the turn says otherwise); null = none. */
  functionCall: FakeFunctionCall | null;
  /** Spoken after a user turn that asks for no tool. */
  reply: string;
  /** Spoken once the client has sent the tool's `function_call_output` and `response.create`. */
  replyAfterTool: string;
  /** Opus packets (20 ms each) of the fixture sent per spoken response; 0 = the whole fixture. */
  audioPackets: number;
  /**
   * Pause between transcript words (the user's interim transcript and the assistant's deltas); 0 sends
   * them at once (tests), > 0 lets a browser show the partial text (e2e).
   */
  wordIntervalMs: number;
  /**
   * How long the model takes to start a response (to `response.create` and after a user turn); 0 answers
   * at once (tests). OpenAI takes hundreds of ms: > 0 lets a browser show the state before the answer.
   */
  responseDelayMs: number;
  /** The Ogg/Opus fixture in packages/fakes/fixtures/ the assistant speaks with. */
  audioFixture: string;
  /** The user's transcription arrives after the response that answers the turn (OpenAI allows both orders). */
  transcriptionAfterResponse: boolean;
};

export const DEFAULT_WEBRTC_SCRIPT: RealtimeWebRtcScript = {
  greeting: 'Good afternoon. How may I help?',
  userTranscripts: DEFAULT_REALTIME_SCRIPT.userTranscripts,
  userTurns: null,
  userTurnAfterPackets: null,
  functionCall: null,
  reply: DEFAULT_REALTIME_SCRIPT.assistantReply,
  replyAfterTool: 'Here is what I found in the knowledge base.',
  audioPackets: 10,
  wordIntervalMs: 0,
  responseDelayMs: 0,
  audioFixture: 'assistant-reply.opus',
  transcriptionAfterResponse: false,
};

/** Merges changes into a script, refusing fields it does not have (a typo in a test's control call). */
export function withScriptChanges(
  script: RealtimeWebRtcScript,
  changes: Partial<RealtimeWebRtcScript>,
): RealtimeWebRtcScript {
  const unknown = Object.keys(changes).filter((key) => !Object.hasOwn(DEFAULT_WEBRTC_SCRIPT, key));
  if (unknown.length > 0) throw new Error(`Unknown script field(s): ${unknown.join(', ')}`);
  return { ...script, ...changes };
}
