import { describe, expect, it } from 'vitest';
import { functionCallOutputEvent, sessionUpdateEvent, ToolResponses } from './run-voice-tool.ts';

describe('data-channel helpers', () => {
  it('a function output, without a response request of its own', () => {
    expect(functionCallOutputEvent('call_1', '{"ok":true}')).toEqual({
      type: 'conversation.item.create',
      item: { type: 'function_call_output', call_id: 'call_1', output: '{"ok":true}' },
    });
  });

  it('asks for one response after a response with several calls is done and all are answered', async () => {
    const asked: string[] = [];
    const batch = new ToolResponses(() => asked.push('response.create'));
    const first = Promise.withResolvers<void>();
    const second = Promise.withResolvers<void>();
    batch.add('resp_1', first.promise);
    batch.add('resp_1', second.promise);
    first.resolve();
    const done = batch.done('resp_1');
    await Promise.resolve();
    expect(asked).toEqual([]);
    second.resolve();
    await done;
    expect(asked).toEqual(['response.create']);
    await batch.done('resp_1');
    expect(asked).toEqual(['response.create']);
  });

  it('session.update without a voice, turn detection merged over the current one', () => {
    const current = {
      turnDetection: {
        type: 'server_vad' as const,
        threshold: 0.5,
        silence_duration_ms: 700,
        prefix_padding_ms: 300,
        create_response: true,
      },
    };
    expect(
      sessionUpdateEvent(
        { instructions: 'Be brief.', turn_detection: { threshold: 0.8 }, speed: 1.2 },
        current,
      ),
    ).toEqual({
      type: 'session.update',
      session: {
        type: 'realtime',
        instructions: 'Be brief.',
        audio: {
          input: {
            turn_detection: {
              type: 'server_vad',
              threshold: 0.8,
              silence_duration_ms: 700,
              prefix_padding_ms: 300,
              create_response: true,
            },
          },
          output: { speed: 1.2 },
        },
      },
    });
    expect(sessionUpdateEvent({ instructions: 'Hi' }, current)).toEqual({
      type: 'session.update',
      session: { type: 'realtime', instructions: 'Hi' },
    });
  });
});
