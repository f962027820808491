import type { RealtimeServerEvent } from 'openai/resources/realtime/realtime';
import { describe, expect, it } from 'vitest';
import { CallFigures, nothingMeasured } from './call-figures.ts';

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

describe('CallFigures, at the edges a mutation run found untested', () => {
  it('times turns with the real clock when none is given: a small, non-negative latency', () => {
    const figures = new CallFigures();
    figures.observe(event({ type: 'input_audio_buffer.speech_stopped' }));
    figures.audioSent();
    const [latency] = figures.snapshot().latenciesMs;
    expect(latency).toBeGreaterThanOrEqual(0);
    expect(latency).toBeLessThan(1_000);
  });

  it('reads a tool answer that is not an object (text, nothing) as a success', async () => {
    const figures = new CallFigures(() => 0);
    const run = figures.timeTools(async (name) => (name === 'quote' ? 'error: none found' : null));
    await expect(run('quote', {})).resolves.toBe('error: none found');
    await expect(run('lookup', {})).resolves.toBeNull();
    expect(figures.snapshot().tools.map((tool) => tool.outcome)).toEqual(['ok', 'ok']);
  });

  it('counts usage reported without its details, and transcriptions reported without usage, as nothing', () => {
    const figures = new CallFigures();
    figures.observe(event({ type: 'response.done', response: { id: 'r1', usage: { total_tokens: 12 } } }));
    figures.observe(
      event({
        type: 'response.done',
        response: { id: 'r2', usage: { input_token_details: { text_tokens: 3 }, output_token_details: {} } },
      }),
    );
    figures.observe(event({ type: 'conversation.item.input_audio_transcription.completed' }));
    expect(figures.snapshot()).toMatchObject({
      voice: { inputText: 3, inputAudio: 0, cachedText: 0, cachedAudio: 0, outputText: 0, outputAudio: 0 },
      transcription: { inputText: 0, inputAudio: 0, output: 0, seconds: 0 },
    });
  });

  it("counts a token-billed transcription's input as audio when OpenAI gives no breakdown", () => {
    const figures = new CallFigures();
    figures.observe(
      event({
        type: 'conversation.item.input_audio_transcription.completed',
        usage: { type: 'tokens', input_tokens: 9, output_tokens: 4, total_tokens: 13 },
      }),
    );
    figures.observe(
      event({
        type: 'conversation.item.input_audio_transcription.completed',
        usage: {
          type: 'tokens',
          input_tokens: 7,
          output_tokens: 1,
          total_tokens: 8,
          input_token_details: { text_tokens: 2, audio_tokens: 5 },
        },
      }),
    );
    expect(figures.snapshot().transcription).toEqual({ inputText: 2, inputAudio: 14, output: 5, seconds: 0 });
  });

  it('gives copies: what a live panel read mid-call does not change as the call goes on', () => {
    let now = 0;
    const figures = new CallFigures(() => now);
    const before = figures.snapshot();
    figures.observe(event({ type: 'input_audio_buffer.speech_stopped' }));
    now = 300;
    figures.audioSent();
    figures.toolRan({ name: 'search', durationMs: 40, outcome: 'ok' });
    expect(before).toEqual(nothingMeasured());
    expect(figures.snapshot()).toMatchObject({ latenciesMs: [300], tools: [{ name: 'search' }] });
  });

  it('measures nothing for a call that ended before its bridge opened', () => {
    expect(nothingMeasured()).toEqual({
      latenciesMs: [],
      interruptions: 0,
      tools: [],
      voice: { inputText: 0, inputAudio: 0, cachedText: 0, cachedAudio: 0, outputText: 0, outputAudio: 0 },
      transcription: { inputText: 0, inputAudio: 0, output: 0, seconds: 0 },
    });
  });
});
