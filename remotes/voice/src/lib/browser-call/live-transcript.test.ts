import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeServerEvent } from './connection.ts';
import { ASSISTANT_SILENCE_MS, LiveTranscriptEvents } from './live-transcript.ts';
import { callReducer, INITIAL_CALL_STATE } from './state.ts';
import { TranscriptOrder } from './transcript-order.ts';

const delta = (type: 'input' | 'output', text: string, startMs: number) => ({
  type: `session.${type}_transcript.delta`,
  delta: text,
  start_ms: startMs,
  end_ms: startMs + 200,
});

afterEach(() => vi.useRealTimers());

/** The screen's state and the saved entries after feeding `events` through the Live translation. */
function play(events: RealtimeServerEvent[], end = true) {
  let state = callReducer(INITIAL_CALL_STATE, { type: 'connected' });
  const saved: { role: string; content: string }[] = [];
  const order = new TranscriptOrder((entry) => saved.push(entry));
  const live = new LiveTranscriptEvents((event) => {
    state = callReducer(state, { type: 'server', event, at: '2026-11-29T06:00:00.000Z' });
    order.push(event);
  });
  for (const event of events) live.push(event);
  if (end) live.close();
  return { state, saved };
}

describe("a GPT-Live call's transcript on the screen", () => {
  it('makes lines of the fragments, closed by a change of speaker, in spoken order', () => {
    const { state, saved } = play([
      delta('output', ' Good', 0),
      delta('output', ' afternoon.', 200),
      delta('input', ' What', 900),
      delta('input', ' is', 1100),
      delta('input', ' on?', 1300),
      delta('output', ' Two', 1800),
      delta('output', ' meetings.', 2000),
    ]);
    expect(saved).toEqual([
      { role: 'assistant', content: 'Good afternoon.' },
      { role: 'user', content: 'What is on?' },
      { role: 'assistant', content: 'Two meetings.' },
    ]);
    expect(state.entries.map((entry) => [entry.role, entry.content, entry.isFinal])).toEqual([
      ['assistant', 'Good afternoon.', true],
      ['user', 'What is on?', true],
      ['assistant', 'Two meetings.', true],
    ]);
    expect(state.status).toBe('listening');
  });

  it("shows the assistant speaking, and closes its line after the assistant's silence", () => {
    vi.useFakeTimers();
    const { state } = play([delta('output', ' One', 0)], false);
    expect(state.status).toBe('speaking');
    const saved: string[] = [];
    const live = new LiveTranscriptEvents((event) => {
      if (event.type === 'response.output_audio_transcript.done') saved.push(String(event.transcript));
    });
    live.push(delta('output', ' One moment.', 0));
    vi.advanceTimersByTime(ASSISTANT_SILENCE_MS - 1);
    expect(saved).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(saved).toEqual(['One moment.']);
  });

  it('ignores every other event', () => {
    const { saved } = play([{ type: 'session.started' }, { type: 'info', code: 'x' }]);
    expect(saved).toEqual([]);
  });
});
