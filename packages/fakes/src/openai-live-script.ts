/** One caller turn of the Live fake: what it hears, and what the model does about it. */
export type LiveFakeTurn = {
  transcript: string;
  /**
   * Delegated to the Responses backend as this function call, when the session delegates to Responses
   * and offers the tool; otherwise the turn is answered with `reply`.
   */
  functionCall?: { name: string; arguments: string } | null;
  /** Spoken when no tool is asked for; the script's `assistantReply` when unset. */
  reply?: string;
  /** Spoken once the tool's output is back; a function is given the output (in-process callers only). */
  replyAfterTool?: string | ((toolOutput: string) => string);
};

/**
 * What the Live fake says and how. Rules that come only from third-party integrations, not from the
 * SDK's types or OpenAI's guides, are options here (named `…3p`), so a test can turn them off.
 */
export type LiveFakeScript = {
  /** Caller turns, in order; one is heard each time `bytesPerUserTurn` of caller audio has arrived. */
  userTurns: LiveFakeTurn[];
  /** Caller audio that makes one turn, in bytes of the session's format (0.5 s of μ-law by default). */
  bytesPerUserTurn: number;
  /** WebRTC: microphone packets (20 ms each, heard while the model is quiet) that make one turn. */
  packetsPerUserTurn: number;
  assistantReply: string;
  /** Spoken for the first `session.commentary.append` (the app's "greet the caller"). */
  greeting: string;
  /** Spoken for every later commentary append (e.g. "say goodbye"). */
  commentaryReply: string;
  /** Spoken when a delegation's acknowledgement is due (`acknowledgement_delay_ms`). */
  acknowledgement: string;
  /**
   * Speech rate: one transcript fragment (one word) per this many ms of audio. Pipecat's source says
   * the API emits fragments on 200 ms frame boundaries [3P].
   */
  msPerWord: number;
  /** Between a caller's turn and the model's reply, or the backend's output and its spoken answer. */
  responseDelayMs: number;
  /** Cumulative `session.usage.updated` every this many ms. */
  usageEveryMs: number;
  /**
   * Silence counts towards a turn while the model is quiet (the sandbox's caller says one hello, then
   * only the line's silence comes); otherwise only speech does.
   */
  turnsFromSilence: boolean;
  /** The model yields when the caller speaks over it (it listens while speaking). */
  yieldsWhenInterrupted: boolean;
  /** [3P LiveKit, Pipecat] One `function_call_output` per call; a second is refused. */
  oneOutputPerCall3p: boolean;
  /** [3P LiveKit] `response.create` is refused until every open call has its output. */
  refusePartialBatch3p: boolean;
  /** [3P Pipecat] After `session.close` the server drains output for at most this long. */
  closeDrainMs3p: number;
  /** Backend token usage of each delegated response (`response.completed.response.usage`). */
  backendTokens: { input: number; cached: number; output: number; reasoning: number };
};

export const DEFAULT_LIVE_SCRIPT: LiveFakeScript = {
  userTurns: [{ transcript: 'What is in my diary today?' }],
  bytesPerUserTurn: 4_000,
  packetsPerUserTurn: 100,
  assistantReply: 'You have two meetings this afternoon.',
  greeting: 'Good afternoon, this is James.',
  commentaryReply: 'Of course. Goodbye.',
  acknowledgement: 'One moment.',
  msPerWord: 200,
  responseDelayMs: 0,
  usageEveryMs: 1_000,
  turnsFromSilence: false,
  yieldsWhenInterrupted: true,
  oneOutputPerCall3p: true,
  refusePartialBatch3p: true,
  closeDrainMs3p: 10_000,
  backendTokens: { input: 1_200, cached: 800, output: 60, reasoning: 20 },
};
