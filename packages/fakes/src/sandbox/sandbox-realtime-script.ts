import type { RealtimeFakeScript } from '../openai-realtime-script.ts';

/**
 * What the realtime WebSocket fake hears and says in the sandbox: phone calls (a contact ringing the
 * executive's number) and the Voice Console's test panel (an admin playing a caller). A turn is heard
 * after 1.5 s of the caller's μ-law audio (0.25 s of the panel's PCM16); replies play in real time.
 */
export const SANDBOX_REALTIME_SCRIPT: Partial<RealtimeFakeScript> = {
  userTranscripts: [
    'Hello, is Eleanor available? It is about the glycerin delivery.',
    'Thursday works. Could she call me back this afternoon?',
    'Thank you, goodbye.',
  ],
  bytesPerUserTurn: 12_000,
  // Every response says this (the fake has one reply), so it works as a greeting and as an answer.
  assistantReply:
    "Good afternoon, Eleanor Hart's office. She is in meetings until four; I will make sure she gets your message today.",
  audioChunksPerReply: 40,
  chunkIntervalMs: 100,
};
