import type { ServerEvent } from 'openai/resources/live/live';
import { describe, expect, it } from 'vitest';
import { LiveCallFigures } from './live-figures.ts';

let id = 0;
const nextId = () => {
  id += 1;
  return `e${id}`;
};
const heard = (delta: string, start: number, end: number): ServerEvent => ({
  type: 'session.input_transcript.delta',
  event_id: nextId(),
  delta,
  start_ms: start,
  end_ms: end,
});
const said = (delta: string, start: number, end: number): ServerEvent => ({
  type: 'session.output_transcript.delta',
  event_id: nextId(),
  delta,
  start_ms: start,
  end_ms: end,
});
const figures = () => new LiveCallFigures({ model: 'gpt-live-1.1', backendModel: 'gpt-6-luna' });

describe('the figures of a GPT-Live call, from its session timeline', () => {
  it('times each turn from the end of the caller’s last fragment to the start of the reply', () => {
    const call = figures();
    for (const event of [
      said(' Hello.', 0, 400),
      heard(' What is', 1000, 1200),
      heard(' on today?', 1200, 1500),
      said(' Two', 1820, 2000),
      said(' meetings.', 2000, 2200),
      heard(' Thanks.', 3000, 3300),
      said(' Welcome.', 3550, 3800),
    ])
      call.observe(event);
    expect(call.snapshot().latenciesMs).toEqual([320, 250]);
    expect(call.snapshot().interruptions).toBe(0);
  });

  it('counts the caller speaking over the assistant once per stretch, and no latency for a backchannel mid-turn', () => {
    const call = figures();
    for (const event of [
      heard(' I need', 0, 300),
      said(' Mm-hmm.', 350, 500),
      heard(' the diary.', 600, 900),
      said(' You have', 1100, 1400),
      said(' three meetings', 1400, 1800),
      heard(' Wait', 1500, 1700),
      heard(' no,', 1700, 1800),
      said(' Of course.', 2100, 2400),
    ])
      call.observe(event);
    const snapshot = call.snapshot();
    expect(snapshot.interruptions).toBe(1);
    // The backchannel answered nothing; the reply after "the diary" and after "no," did.
    expect(snapshot.latenciesMs).toEqual([200, 300]);
  });

  it('keeps the cumulative seconds OpenAI last reported and sums the backend’s tokens', () => {
    const call = figures();
    call.observe({ type: 'session.usage.updated', event_id: 'u1', usage: { seconds: 4.2 } });
    call.observe({ type: 'session.usage.updated', event_id: 'u2', usage: { seconds: 9.8 } });
    for (const n of [1, 2])
      call.observe({
        type: 'response.event',
        event_id: `r${n}`,
        delegation_id: 'del_1',
        event: {
          type: 'response.completed',
          response: {
            usage: {
              input_tokens: 1000,
              input_tokens_details: { cached_tokens: 600 },
              output_tokens: 50,
              output_tokens_details: { reasoning_tokens: 10 },
            },
          },
        },
      });
    expect(call.snapshot().live).toEqual({
      model: 'gpt-live-1.1',
      backendModel: 'gpt-6-luna',
      seconds: 9.8,
      backend: { input: 2000, cached: 1200, output: 100, reasoning: 20 },
    });
  });
});
