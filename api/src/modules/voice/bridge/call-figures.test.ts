import type { RealtimeServerEvent } from 'openai/resources/realtime/realtime';
import { describe, expect, it } from 'vitest';
import { CallFigures } from './call-figures.ts';

const event = (value: Record<string, unknown>) => value as unknown as RealtimeServerEvent;

describe('CallFigures', () => {
  it("times each turn from the end of the caller's speech to the first audio sent, once per turn", () => {
    let now = 1_000;
    const figures = new CallFigures(() => now);
    figures.audioSent(); // the greeting: no turn to answer
    figures.observe(event({ type: 'input_audio_buffer.speech_stopped' }));
    now += 420;
    figures.audioSent();
    now += 20;
    figures.audioSent(); // the same reply's next chunk
    figures.observe(event({ type: 'input_audio_buffer.speech_stopped' }));
    now += 380;
    figures.audioSent();
    expect(figures.snapshot().latenciesMs).toEqual([420, 380]);
  });

  it('counts barge-ins, and times tools with their outcome (a thrown error or an { error } answer fails)', async () => {
    let now = 0;
    const figures = new CallFigures(() => now);
    figures.interrupted();
    const run = figures.timeTools(async (name) => {
      now += 25;
      if (name === 'broken') throw new Error('down');
      return name === 'refused' ? { error: 'not allowed' } : { ok: true };
    });
    await run('search', {});
    await run('refused', {});
    await expect(run('broken', {})).rejects.toThrow('down');
    expect(figures.snapshot()).toMatchObject({
      interruptions: 1,
      tools: [
        { name: 'search', durationMs: 25, outcome: 'ok' },
        { name: 'refused', durationMs: 25, outcome: 'error' },
        { name: 'broken', durationMs: 25, outcome: 'error' },
      ],
    });
  });

  it("sums OpenAI's usage by kind: responses, token-billed and minute-billed transcriptions", () => {
    const figures = new CallFigures();
    const usage = {
      input_token_details: {
        text_tokens: 10,
        audio_tokens: 5,
        cached_tokens_details: { text_tokens: 4, audio_tokens: 1 },
      },
      output_token_details: { text_tokens: 3, audio_tokens: 7 },
    };
    figures.observe(event({ type: 'response.done', response: { id: 'r1', usage } }));
    figures.observe(event({ type: 'response.done', response: { id: 'r2', usage } }));
    figures.observe(event({ type: 'response.done', response: { id: 'r3' } }));
    figures.observe(
      event({
        type: 'conversation.item.input_audio_transcription.completed',
        usage: {
          type: 'tokens',
          input_tokens: 8,
          output_tokens: 2,
          total_tokens: 10,
          input_token_details: { audio_tokens: 8, text_tokens: 0 },
        },
      }),
    );
    figures.observe(
      event({
        type: 'conversation.item.input_audio_transcription.completed',
        usage: { type: 'duration', seconds: 1.5 },
      }),
    );
    expect(figures.snapshot()).toMatchObject({
      voice: { inputText: 20, inputAudio: 10, cachedText: 8, cachedAudio: 2, outputText: 6, outputAudio: 14 },
      transcription: { inputText: 0, inputAudio: 8, output: 2, seconds: 1.5 },
    });
  });
});
