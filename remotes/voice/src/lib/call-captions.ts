import type { CallStatus } from './call-state.ts';

/** Part 1 §2 reading B: the status text under the header avatar. */
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
 * Part 1 §2 reading B: the caption beneath the call toggle. The spec's "the assistant" is the persona,
 * named as everywhere else on the screen ("Tap to talk with James", "James is speaking...").
 */
export function callCaption(status: CallStatus, isActive: boolean, assistantName: string): string {
  if (status === 'connecting') return 'Connecting...';
  if (!isActive) return `Tap to talk with ${assistantName}`;
  switch (status) {
    case 'listening':
      return 'Listening... Speak naturally';
    case 'speaking':
      return `${assistantName} is speaking...`;
    case 'processing':
      return 'Processing your request...';
    default:
      return 'Connected';
  }
}
