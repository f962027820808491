import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startOpenAIRealtimeFake } from './openai-realtime-fake.ts';
import type { RealtimeResponseUsage } from './openai-realtime-usage.ts';

const fake = await startOpenAIRealtimeFake({ apiKey: 'sk-test' });
afterAll(() => fake.close());

/** Opens a realtime socket for `model` and collects what the server sends until it closes. */
function dial(model: string) {
  const url = `${fake.baseURL.replace('https', 'wss')}/realtime?model=${model}`;
  const socket = new WebSocket(url, { ca: fake.ca, headers: { Authorization: 'Bearer sk-test' } });
  const events: { type: string; error?: unknown }[] = [];
  socket.on('message', (data) => events.push(JSON.parse(data.toString())));
  return { socket, events };
}

describe('the realtime WebSocket fake', () => {
  it('refuses a model OpenAI no longer serves: an error event naming it, then close 4000', async () => {
    const { socket, events } = dial('gpt-4o-realtime-preview-2024-12-17');
    const [code, reason] = await new Promise<[number, string]>((resolve) =>
      socket.on('close', (closeCode, closeReason) => resolve([closeCode, closeReason.toString()])),
    );
    expect([code, reason]).toEqual([4000, 'invalid_request_error.model_not_found']);
    expect(events).toEqual([
      expect.objectContaining({
        type: 'error',
        error: expect.objectContaining({
          type: 'invalid_request_error',
          code: 'model_not_found',
          message:
            'The model `gpt-4o-realtime-preview-2024-12-17` does not exist or you do not have access to it.',
        }),
      }),
    ]);
    expect(fake.sessions).toHaveLength(0);
  });

  it('opens a session for a model it serves', async () => {
    const { socket } = dial('gpt-realtime-2.1');
    await new Promise((resolve) => socket.once('open', resolve));
    const session = await fake.nextSession();
    expect(session.url).toBe('/v1/realtime?model=gpt-realtime-2.1');
    socket.close();
  });
});

describe('the realtime WebSocket fake reports usage', () => {
  it('on response.done and on the finished transcription, with details that add up to their totals', async () => {
    const { socket, events } = dial('gpt-realtime-2.1');
    await new Promise((resolve) => socket.once('open', resolve));
    const session = await fake.nextSession();
    socket.send(
      JSON.stringify({ type: 'session.update', session: { type: 'realtime', instructions: 'Be brief.' } }),
    );
    socket.send(JSON.stringify({ type: 'response.create' }));
    socket.send(
      JSON.stringify({ type: 'input_audio_buffer.append', audio: Buffer.alloc(24_000).toString('base64') }),
    );
    const done = () => events.filter((event) => event.type === 'response.done');
    await expect.poll(() => done().length).toBe(2);
    const transcribed = events.find(
      (event) => event.type === 'conversation.item.input_audio_transcription.completed',
    ) as { usage?: Record<string, unknown> } | undefined;
    expect(transcribed?.usage).toEqual(expect.objectContaining({ type: 'tokens', input_tokens: 5 }));
    const usages = done().map(
      (event) => (event as { response?: { usage?: RealtimeResponseUsage } }).response?.usage,
    );
    const [first, second] = usages as [RealtimeResponseUsage, RealtimeResponseUsage];
    expect(first.total_tokens).toBe(first.input_tokens + first.output_tokens);
    expect(first.output_tokens).toBe(
      first.output_token_details.text_tokens + first.output_token_details.audio_tokens,
    );
    // The second response reads the first turn again: what the first read is now cached.
    expect(second.input_token_details.cached_tokens).toBe(first.input_tokens);
    expect(second.input_token_details.cached_tokens_details.text_tokens).toBe(
      first.input_token_details.text_tokens,
    );
    expect(session.usage.responses).toEqual([first, second]);
    socket.close();
  });
});
