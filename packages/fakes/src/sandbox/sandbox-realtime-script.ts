import type { LiveFakeScript } from '../openai-live-script.ts';
import type { RealtimeFakeScript } from '../openai-realtime-script.ts';
import { SANDBOX_CALLER_LINES, sandboxTurn } from './sandbox-voice-turns.ts';

/**
 * What the realtime WebSocket fake hears and says in the sandbox: phone calls (a contact ringing the
 * executive's number) and the Voice Console's test panel (an admin playing a caller). The greeting, then
 * one turn after each 1.5 s of the caller's μ-law audio (0.25 s of the panel's PCM16): the words pick the
 * tool (a message noted, the goodbye that ends the call) when the session offers it. Replies play in
 * real time.
 */
export const SANDBOX_REALTIME_SCRIPT: Partial<RealtimeFakeScript> = {
  userTurns: SANDBOX_CALLER_LINES.map(sandboxTurn),
  bytesPerUserTurn: 12_000,
  assistantReply: "Good afternoon, Eleanor Hart's office. How can I help?",
  audioChunksPerReply: 30,
  chunkIntervalMs: 100,
};

/**
 * The same caller on GPT-Live (a profile on the GPT-Live engine): a turn after each 1.5 s of μ-law, its
 * tool through Responses delegation when the backend offers it, and the voice at real-time pace.
 */
export const SANDBOX_LIVE_SCRIPT: Partial<LiveFakeScript> = {
  userTurns: SANDBOX_CALLER_LINES.map(sandboxTurn),
  bytesPerUserTurn: 12_000,
  assistantReply: "Good afternoon, Eleanor Hart's office. How can I help?",
  commentaryReply: 'Of course.',
  turnsFromSilence: true,
  // The sandbox's caller says hello while the greeting plays: the greeting is heard to its end.
  yieldsWhenInterrupted: false,
};
