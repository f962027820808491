import { describe, expect, it } from 'vitest';
import { contactTimeline } from './contact-timeline.ts';

const PHONE = '+14155550123';
const call = (id: string, callerId: string, startedAt: string) => ({
  id,
  channel: 'twilio' as const,
  direction: 'outbound' as const,
  startedAt,
  endedAt: startedAt,
  callerId,
  contactName: null,
  purpose: 'Confirm Sunday',
  transcript: [],
  figures: null,
});

describe('contactTimeline', () => {
  it("merges the person's texts, calls, messages left and requests, newest first, nobody else's", () => {
    const entries = contactTimeline({
      phone: PHONE,
      texts: [
        {
          id: 't1',
          body: 'Lunch?',
          direction: 'inbound',
          status: 'received',
          mediaUrls: [],
          errorCode: null,
          createdAt: '2026-11-01T10:00:00.000Z',
        },
      ],
      calls: [
        call('c1', PHONE, '2026-11-02T10:00:00.000Z'),
        call('c2', '+16505550111', '2026-11-05T10:00:00.000Z'),
      ],
      messages: [
        {
          id: 'm1',
          callSessionId: null,
          callerName: 'Mum',
          callerE164: PHONE,
          body: 'Ring me back',
          createdAt: '2026-11-03T10:00:00.000Z',
        },
      ],
      requests: [],
    });
    expect(entries.map((entry) => [entry.label, entry.detail])).toEqual([
      ['Left a message', 'Ring me back'],
      ['Outbound call', 'Confirm Sunday'],
      ['Text received', 'Lunch?'],
    ]);
  });
});
