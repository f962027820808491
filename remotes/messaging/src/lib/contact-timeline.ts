import type { CallSessionDto as CallSession } from '@annie/contracts/calls';
import type { SmsMessage } from '@annie/contracts/sms';
import type { CallMessage, PendingAction } from '@annie/contracts/trust';

/** One moment with the person: a text, a call, a message they left, or a request they made. */
export type TimelineEntry = {
  key: string;
  kind: 'text' | 'call' | 'message' | 'request';
  at: string;
  /** "Text received", "Outbound call", "Left a message", "Asked for a text". */
  label: string;
  detail: string;
};

type Sources = {
  phone: string;
  texts: SmsMessage[];
  calls: CallSession[];
  messages: CallMessage[];
  requests: PendingAction[];
};

function callLabel(call: CallSession): string {
  if (call.direction === 'outbound') return 'Outbound call';
  if (call.direction === 'inbound') return 'Inbound call';
  return 'Call';
}

/** Everything with the person at `phone`, newest first, at most `limit` entries. */
export function contactTimeline(
  { phone, texts, calls, messages, requests }: Sources,
  limit = 30,
): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    ...texts.map((text) => ({
      key: `text:${text.id}`,
      kind: 'text' as const,
      at: text.createdAt,
      label: text.direction === 'outbound' ? 'Text sent' : 'Text received',
      detail: text.body,
    })),
    ...calls
      .filter((call) => call.channel === 'twilio' && call.callerId === phone)
      .map((call) => ({
        key: `call:${call.id}`,
        kind: 'call' as const,
        at: call.startedAt,
        label: callLabel(call),
        detail: call.purpose ?? '',
      })),
    ...messages
      .filter((message) => message.callerE164 === phone)
      .map((message) => ({
        key: `message:${message.id}`,
        kind: 'message' as const,
        at: message.createdAt,
        label: 'Left a message',
        detail: message.body,
      })),
    ...requests
      .filter((request) => request.requestedByE164 === phone)
      .map((request) => ({
        key: `request:${request.id}`,
        kind: 'request' as const,
        at: request.createdAt,
        label: `Asked for a text (${request.status})`,
        detail: request.body,
      })),
  ];
  return entries.sort((a, b) => b.at.localeCompare(a.at)).slice(0, limit);
}
