import { describe, expect, it } from 'vitest';
import { type CallState, callReducer, conversationTitle, INITIAL_CALL_STATE } from './state.ts';

const AT = '2026-11-22T19:00:00.000Z';
const active: CallState = callReducer(callReducer(INITIAL_CALL_STATE, { type: 'connecting' }), {
  type: 'connected',
});
const play = (state: CallState, ...events: Array<{ type: string } & Record<string, unknown>>) =>
  events.reduce((current, event) => callReducer(current, { type: 'server', event, at: AT }), state);

describe('callReducer', () => {
  it('ignores server events unless a call is active', () => {
    expect(play(INITIAL_CALL_STATE, { type: 'input_audio_buffer.speech_started' })).toBe(INITIAL_CALL_STATE);
  });

  it('drops the caller placeholder when the transcription fails or is empty', () => {
    const failed = play(
      active,
      { type: 'input_audio_buffer.committed', item_id: 'u1' },
      { type: 'conversation.item.input_audio_transcription.failed', item_id: 'u1' },
    );
    expect(failed.entries).toEqual([]);
    const empty = play(
      active,
      { type: 'input_audio_buffer.committed', item_id: 'u2' },
      { type: 'conversation.item.input_audio_transcription.completed', item_id: 'u2', transcript: '  ' },
    );
    expect(empty.entries).toEqual([]);
  });

  it('gives the turn back after a response without audio (a tool call), but not while audio plays', () => {
    const toolTurn = play(active, { type: 'input_audio_buffer.speech_stopped' }, { type: 'response.done' });
    expect(toolTurn.status).toBe('listening');
    const speaking = play(active, { type: 'output_audio_buffer.started' }, { type: 'response.done' });
    expect(speaking.status).toBe('speaking');
  });

  it('keeps only final entries when the call ends', () => {
    const state = play(
      active,
      { type: 'response.output_audio_transcript.done', item_id: 'a1', transcript: 'Good afternoon.' },
      { type: 'response.output_audio_transcript.delta', item_id: 'a2', delta: 'And' },
    );
    const ended = callReducer(state, { type: 'ended' });
    expect(ended.entries.map((entry) => entry.content)).toEqual(['Good afternoon.']);
    expect(ended).toMatchObject({ status: 'idle', isActive: false });
  });
});

describe('conversationTitle', () => {
  it('is the first 100 characters of the first user message, or null', () => {
    expect(conversationTitle(null)).toBeNull();
    expect(conversationTitle('x'.repeat(150))).toBe('x'.repeat(100));
  });
});
