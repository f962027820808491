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
 * Part 1 §2 reading B: the caption beneath the call toggle, in the spec's words. Its "the assistant"
 * has no placeholder braces (unlike the welcome's "{assistant first name}"), so it is kept as written.
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
