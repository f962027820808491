import type { CallStatus } from './state.ts';

/** The status text under the header avatar. */
export function callStatusText(status: CallStatus, isActive: boolean): string {
  if (status === 'connecting') return 'Connecting...';
  if (!isActive) return 'Press Start to talk';
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

/** The caption beneath the call toggle, naming the assistant as every screen does. */
export function callCaption(status: CallStatus, isActive: boolean, assistantName: string): string {
  if (status === 'connecting') return 'Connecting...';
  if (!isActive) return `Press to talk with ${assistantName}`;
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
