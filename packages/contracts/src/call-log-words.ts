// The words Call Logs uses for a call, shared by the screen and its CSV so both say the same thing.
import type { CallLogSort, CallOutcome } from './call-logs.ts';
import type { CallChannel, CallDirection } from './calls.ts';

/** How the call reached the assistant, in words. */
export const CHANNEL_WORDS: Record<CallChannel, string> = {
  twilio: 'Phone',
  webrtc: 'Browser',
  web: 'Typed',
};

/** A phone call's direction in words; a browser or typed call has none (the executive was on it). */
export const DIRECTION_WORDS: Record<CallDirection, string> = { inbound: 'Inbound', outbound: 'Outbound' };

export const OUTCOME_WORDS: Record<CallOutcome, string> = {
  ongoing: 'In progress',
  completed: 'Completed',
  'no-conversation': 'No conversation',
};

export const SORT_WORDS: Record<CallLogSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  longest: 'Longest first',
  shortest: 'Shortest first',
  costliest: 'Most expensive first',
};

/** The outcome of a listed call, as the server files it (`callLogQuerySchema`'s `outcome`). */
export function outcomeOf(session: {
  endedAt: string | null;
  transcript: readonly { role: 'user' | 'assistant' }[];
}): CallOutcome {
  if (session.endedAt === null) return 'ongoing';
  return session.transcript.some((line) => line.role === 'user') ? 'completed' : 'no-conversation';
}

/** The call's length as m:ss ("75:03" past an hour); empty while it goes on. */
export function durationWords(startedAt: string, endedAt: string | null): string {
  if (endedAt === null) return '';
  const seconds = Math.max(0, Math.floor((Date.parse(endedAt) - Date.parse(startedAt)) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The headers of the Call Logs CSV, in the screen's words. */
export const CALL_LOG_CSV_HEADERS = [
  'Started (UTC)',
  'Direction',
  'Contact',
  'Number',
  'Channel',
  'Outcome',
  'Duration',
  'Cost',
  'Currency',
  'Purpose',
  'Tools',
  'Transcript',
] as const;
