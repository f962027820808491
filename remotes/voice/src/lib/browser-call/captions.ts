import type { CallStatus } from './state.ts';

/** The status text under the header avatar. */
export function callStatusText(status: CallStatus, isActive: boolean): string {
  if (status === 'connecting') return 'Connecting...';
  if (!isActive) return 'Tap to start conversation';
  switch (status) {
    case 'listening':
      return 'Listening...';
    case 'speaking':
      return 'Speaking...';
    case 'processing':
      return 'Thinking...';
    default:
      return 'Active';
  }
}

/**
 * The caption beneath the call toggle. It says "the assistant" as written, not the assistant's name
 * (unlike the welcome message).
 */
export function callCaption(status: CallStatus, isActive: boolean): string {
  if (status === 'connecting') return 'Connecting...';
  if (!isActive) return 'Tap to talk with the assistant';
  switch (status) {
    case 'listening':
      return 'Listening... Speak naturally';
    case 'speaking':
      return 'the assistant is speaking...';
    case 'processing':
      return 'Processing your request...';
    default:
      return 'Connected';
  }
}
