import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startOpenAIRealtimeFake } from './openai-realtime-fake.ts';

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
