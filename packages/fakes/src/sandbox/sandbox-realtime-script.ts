import type { RealtimeFakeScript } from '../openai-realtime-script.ts';

/**
 * What the realtime WebSocket fake (Voice Console test panel, phone bridge) hears and says in the
 * sandbox: turns about the sample diary the Google fake holds, spoken in real time (100 ms chunks).
 */
export const SANDBOX_REALTIME_SCRIPT: Partial<RealtimeFakeScript> = {
  userTranscripts: [
    'Good afternoon, James. What is in my diary tomorrow?',
    'Thank you. Please remind me about the supplier call.',
    'That is all for now.',
  ],
  assistantReply:
    'Good afternoon. Tomorrow you have the weekly leadership sync at nine and the glycerin pricing call with Daniel at two.',
  audioChunksPerReply: 40,
  chunkIntervalMs: 100,
};
