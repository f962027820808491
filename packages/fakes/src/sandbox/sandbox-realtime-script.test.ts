import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startOpenAIRealtimeFake } from '../openai-realtime-fake.ts';
import { SANDBOX_REALTIME_SCRIPT } from './sandbox-realtime-script.ts';
import { SANDBOX_CALLER_LINES } from './sandbox-voice-turns.ts';

type ServerEvent = { type: string; [key: string]: unknown };

// Replies sent at once: the test reads what is said, not how fast.
const fake = await startOpenAIRealtimeFake({
  script: { ...SANDBOX_REALTIME_SCRIPT, chunkIntervalMs: 0, audioChunksPerReply: 1 },
});
afterAll(() => fake.close());

/** A client of the fake over wss (its own certificate trusted), with a way to wait for an event. */
async function connect() {
  const socket = new WebSocket(
    fake.baseURL.replace('https', 'wss').concat('/realtime?model=gpt-realtime-2.1'),
    {
      ca: fake.ca,
    },
  );
  const events: ServerEvent[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    events.push(JSON.parse(data.toString()) as ServerEvent);
    for (const wake of waiters.splice(0)) wake();
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let seen = 0;
  /** The next event of `type` after the ones already taken. */
  const next = async (type: string): Promise<ServerEvent> => {
    for (;;) {
      const index = events.findIndex((event, at) => at >= seen && event.type === type);
      if (index >= 0) {
        seen = index + 1;
        return events[index] as ServerEvent;
      }
      await new Promise<void>((wake) => waiters.push(wake));
    }
  };
  const send = (event: Record<string, unknown>) => socket.send(JSON.stringify(event));
  const speak = () =>
    send({ type: 'input_audio_buffer.append', audio: Buffer.alloc(12_000, 0xff).toString('base64') });
  return { socket, events, next, send, speak };
}

describe('the sandbox realtime WebSocket fake (phone calls, the Voice Console test)', () => {
  it('greets, answers the caller, takes a message with an offered tool, and never asks for one not offered', async () => {
    const client = await connect();
    try {
      // The session offers the front desk's take_message here, but not end_call.
      client.send({
        type: 'session.update',
        session: { tools: [{ type: 'function', name: 'take_message' }] },
      });
      client.send({ type: 'response.create' });
      expect((await client.next('response.output_audio_transcript.done')).transcript).toBe(
        "Good afternoon, Eleanor Hart's office. How can I help?",
      );

      client.speak();
      const heard = await client.next('conversation.item.input_audio_transcription.completed');
      expect(heard.transcript).toBe(SANDBOX_CALLER_LINES[0]);
      expect((await client.next('response.output_audio_transcript.done')).transcript).toBe(
        'She is in meetings until four. May I take a message?',
      );

      client.speak();
      const asked = await client.next('response.function_call_arguments.done');
      expect(asked.name).toBe('take_message');
      expect(JSON.parse(String(asked.arguments))).toMatchObject({ message: 'The pallet ships on Thursday.' });
      client.send({
        type: 'conversation.item.create',
        item: { type: 'function_call_output', call_id: asked.call_id, output: '{"success":true}' },
      });
      client.send({ type: 'response.create' });
      expect((await client.next('response.output_audio_transcript.done')).transcript).toBe(
        'Thank you. I have passed that on to her.',
      );

      client.speak();
      expect((await client.next('response.output_audio_transcript.done')).transcript).toBe(
        'Thank you for calling. Goodbye.',
      );
      expect(
        client.events.filter((event) => event.type === 'response.function_call_arguments.done'),
      ).toHaveLength(1);
    } finally {
      client.socket.close();
    }
  });
});
