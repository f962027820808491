import { describe, expect, it } from 'vitest';
import { callStageOf, callStatusLabel } from './call-status.ts';

const call = (status: Parameters<typeof callStageOf>[0]['status'], endedAt: string | null = null) => ({
  status,
  endedAt,
});

describe('callStageOf and callStatusLabel', () => {
  it('go dialling → ringing → in progress → ended with Twilio’s statuses', () => {
    expect(
      ['placing', 'queued', 'initiated', 'ringing', 'in-progress', 'completed'].map((status) =>
        callStatusLabel(call(status as never)),
      ),
    ).toEqual(['Dialling…', 'Dialling…', 'Dialling…', 'Ringing…', 'In progress', 'Call ended']);
  });

  it('say how an unanswered call ended', () => {
    expect(callStatusLabel(call('no-answer'))).toBe('Call ended: no answer');
    expect(callStatusLabel(call('busy'))).toBe('Call ended: the line was busy');
  });

  it('treat a call whose session ended as ended, whatever its last status', () => {
    expect(callStageOf(call('in-progress', '2026-11-29T02:00:00.000Z'))).toBe('ended');
  });
});
