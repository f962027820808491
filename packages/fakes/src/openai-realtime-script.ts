/** What the realtime fake says and how fast; every field has a default fit for unit tests. */
export type RealtimeFakeScript = {
  /** What the fake "hears" each time enough caller audio has arrived, in order; one turn each. */
  userTranscripts: string[];
  /** Caller audio (PCM16 bytes) that makes one turn; 0.5 s at 24 kHz by default. */
  bytesPerUserTurn: number;
  /** The assistant's spoken reply, sent as transcript deltas word by word. */
  assistantReply: string;
  /** 100 ms PCM16 audio chunks per reply. */
  audioChunksPerReply: number;
  /** Pause between audio chunks; 0 sends the whole reply at once (tests), > 0 plays it out (e2e). */
  chunkIntervalMs: number;
  /**
   * How long after a response.create the client hears response.created and the output (0: at once).
   * The response is active from the start, and OpenAI refuses a second response.create meanwhile: a
   * delay lets tests see a client that sends one before it has heard of the first.
   */
  responseLatencyMs?: number;
  /**
   * How long a caller's turn goes on between speech_started and speech_stopped (0: back to back). A
   * real duration lets end-to-end figures tell a latency taken from the wrong event.
   */
  userSpeechMs?: number;
  /** How long the model "thinks" between the end of a caller's turn and its response (0: at once). */
  responseDelayMs?: number;
  /** When set, the first response asks for this tool instead of speaking. */
  functionCall?: { name: string; arguments: string };
  /** When set, the first response asks for all these tools at once (one response, several calls). */
  functionCalls?: { name: string; arguments: string }[];
  /**
   * The caller's transcription arrives only after the response that answers the turn (OpenAI runs
   * transcription asynchronously with response creation, so it may come before or after).
   */
  transcriptionAfterResponse?: boolean;
  /**
   * Turns with their own answers (the sandbox's): when set, what the fake hears comes from here instead
   * of `userTranscripts`, and each turn asks for its tool (only if the session offers it) or speaks.
   */
  userTurns?: RealtimeFakeTurn[];
};

/** One turn of `userTurns`: what the fake hears, and what it does about it. */
export type RealtimeFakeTurn = {
  transcript: string;
  /** Asked for when the session's tools include it; otherwise the turn is answered with `reply`. */
  functionCall?: { name: string; arguments: string } | null;
  /** Spoken when no tool is asked for; the script's `assistantReply` when unset. */
  reply?: string;
  /** Spoken once the tool's output is back; a function is given the output (in-process callers only). */
  replyAfterTool?: string | ((toolOutput: string) => string);
};

export const DEFAULT_REALTIME_SCRIPT: RealtimeFakeScript = {
  userTranscripts: ['Good afternoon, James. What is in my diary today?'],
  bytesPerUserTurn: 24_000,
  assistantReply: 'Good afternoon. You have two meetings this afternoon.',
  audioChunksPerReply: 3,
  chunkIntervalMs: 0,
};

const SAMPLE_RATE = 24_000;

/** 100 ms of a quiet 440 Hz tone, PCM16 little-endian: audible, and distinct from silence in tests. */
export function toneChunk(): Buffer {
  const samples = SAMPLE_RATE / 10;
  const chunk = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    chunk.writeInt16LE(Math.round(6000 * Math.sin((2 * Math.PI * 440 * i) / SAMPLE_RATE)), i * 2);
  }
  return chunk;
}
