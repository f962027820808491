import type { RealtimeServerEvent } from 'openai/resources/realtime/realtime';
import { describe, expect, it } from 'vitest';
import { SidebandFigures } from './sideband-figures.ts';

// Events as OpenAI sends them, cut to the fields the figures read.
const event = (value: Record<string, unknown>) => value as unknown as RealtimeServerEvent;
const functionCallDone = (callId: string, name: string) =>
  event({
    type: 'response.done',
    response: { output: [{ type: 'function_call', call_id: callId, name, arguments: '{}' }] },
  });
const toolOutput = (callId: string, output: string) =>
  event({ type: 'conversation.item.added', item: { type: 'function_call_output', call_id: callId, output } });

describe('a browser call measured from its sideband events', () => {
  it("times each turn from the caller's speech ending to the reply's audio starting", () => {
    let now = 0;
    const figures = new SidebandFigures(() => now);
    figures.observe(event({ type: 'input_audio_buffer.speech_stopped', audio_end_ms: 0, item_id: 'a' }));
    now = 240;
    figures.observe(event({ type: 'output_audio_buffer.started', response_id: 'r1' }));
    // A second start without a new turn (the same reply resumed) is not a turn.
    now = 900;
    figures.observe(event({ type: 'output_audio_buffer.started', response_id: 'r1' }));
    figures.observe(event({ type: 'input_audio_buffer.speech_stopped', audio_end_ms: 0, item_id: 'b' }));
    now = 1_210;
    figures.observe(event({ type: 'output_audio_buffer.started', response_id: 'r2' }));
    expect(figures.snapshot().latenciesMs).toEqual([240, 310]);
  });

  it('counts a cleared reply as an interruption', () => {
    const figures = new SidebandFigures(() => 0);
    figures.observe(event({ type: 'output_audio_buffer.cleared', response_id: 'r1' }));
    figures.observe(event({ type: 'output_audio_buffer.stopped', response_id: 'r2' }));
    expect(figures.snapshot().interruptions).toBe(1);
  });

  it("times a tool from the model's call to its output, and reads an { error } output as a failure", () => {
    let now = 0;
    const figures = new SidebandFigures(() => now);
    figures.observe(functionCallDone('call_1', 'search_knowledge'));
    figures.observe(functionCallDone('call_2', 'send_email'));
    now = 75;
    figures.observe(toolOutput('call_1', '{"results":[]}'));
    now = 130;
    figures.observe(toolOutput('call_2', '{"error":"Gmail is not connected"}'));
    // An output for a call the model never made (or one already counted) is not a tool run.
    figures.observe(toolOutput('call_1', '{}'));
    figures.observe(toolOutput('call_9', '{}'));
    expect(figures.snapshot().tools).toEqual([
      { name: 'search_knowledge', durationMs: 75, outcome: 'ok' },
      { name: 'send_email', durationMs: 130, outcome: 'error' },
    ]);
  });
});

describe('a browser call measured from its sideband events, at the edges a mutation run found untested', () => {
  it('times turns with the real clock when none is given: a small, non-negative latency', () => {
    const figures = new SidebandFigures();
    figures.observe(event({ type: 'input_audio_buffer.speech_stopped', audio_end_ms: 0, item_id: 'a' }));
    figures.observe(event({ type: 'output_audio_buffer.started', response_id: 'r1' }));
    const [latency] = figures.snapshot().latenciesMs;
    expect(latency).toBeGreaterThanOrEqual(0);
    expect(latency).toBeLessThan(1_000);
  });

  it('times only function calls, from when each was made: a spoken reply, a reply without output or a call without id starts no tool', () => {
    let now = 0;
    const figures = new SidebandFigures(() => now);
    figures.observe(event({ type: 'response.done', response: { id: 'r0' } }));
    figures.observe(
      event({
        type: 'response.done',
        response: {
          output: [
            { type: 'message', id: 'call_1', role: 'assistant', content: [] },
            { type: 'function_call', call_id: '', name: 'no_id', arguments: '{}' },
          ],
        },
      }),
    );
    now = 50;
    figures.observe(toolOutput('call_1', '{}'));
    figures.observe(toolOutput('', '{}'));
    // A real call, made well into the call, is timed from when it was made.
    figures.observe(functionCallDone('call_2', 'search_knowledge'));
    now = 125;
    figures.observe(toolOutput('call_2', '{}'));
    expect(figures.snapshot().tools).toEqual([{ name: 'search_knowledge', durationMs: 75, outcome: 'ok' }]);
  });

  it('reads an output that is not JSON, or JSON without an error, as a success', () => {
    const figures = new SidebandFigures(() => 0);
    const outputs: [string, string][] = [
      ['a', 'Sent.'],
      ['b', 'null'],
      ['c', '"error"'],
      ['d', '["error"]'],
      ['e', '{"result":"error"}'],
    ];
    for (const [id, output] of outputs) {
      figures.observe(functionCallDone(`call_${id}`, `tool_${id}`));
      figures.observe(toolOutput(`call_${id}`, output));
    }
    // An output item without its text (the relay lost it) is not read as a failure either.
    figures.observe(functionCallDone('call_f', 'tool_f'));
    figures.observe(
      event({ type: 'conversation.item.added', item: { type: 'function_call_output', call_id: 'call_f' } }),
    );
    expect(figures.snapshot().tools.map((tool) => tool.outcome)).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
      'ok',
      'ok',
    ]);
  });

  it('counts the usage its responses report, like a bridge does', () => {
    const figures = new SidebandFigures(() => 0);
    figures.observe(
      event({
        type: 'response.done',
        response: {
          output: [],
          usage: { input_token_details: { audio_tokens: 6 }, output_token_details: {} },
        },
      }),
    );
    expect(figures.snapshot().voice.inputAudio).toBe(6);
  });
});
