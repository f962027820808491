import { describe, expect, it } from 'vitest';
import type { RealtimeServerEvent } from './connection.ts';
import { TranscriptOrder } from './transcript-order.ts';

const event = (fields: Record<string, unknown>) => fields as unknown as RealtimeServerEvent;

describe('TranscriptOrder', () => {
  it("hands on the user's words before the reply to them, even when their transcription comes last", () => {
    const saved: string[] = [];
    const order = new TranscriptOrder((entry) => saved.push(`${entry.role}: ${entry.content}`));
    order.push(event({ type: 'input_audio_buffer.committed', item_id: 'user_1' }));
    order.push(event({ type: 'response.output_audio_transcript.delta', item_id: 'reply_1', delta: 'Two' }));
    order.push(
      event({
        type: 'response.output_audio_transcript.done',
        item_id: 'reply_1',
        transcript: 'Two meetings.',
      }),
    );
    expect(saved).toEqual([]);
    order.push(
      event({
        type: 'conversation.item.input_audio_transcription.completed',
        item_id: 'user_1',
        transcript: 'What is in my diary?',
      }),
    );
    expect(saved).toEqual(['user: What is in my diary?', 'assistant: Two meetings.']);
  });

  it('drops a failed transcription without holding up the reply, and passes unannounced entries at once', () => {
    const saved: string[] = [];
    const order = new TranscriptOrder((entry) => saved.push(entry.content));
    order.push(event({ type: 'input_audio_buffer.committed', item_id: 'user_1' }));
    order.push(
      event({ type: 'response.output_audio_transcript.done', item_id: 'reply_1', transcript: 'Hello.' }),
    );
    expect(saved).toEqual(['Hello.']);
    order.push(event({ type: 'response.output_audio_transcript.delta', item_id: 'reply_2', delta: 'Yes' }));
    order.push(event({ type: 'conversation.item.input_audio_transcription.failed', item_id: 'user_1' }));
    order.push(
      event({ type: 'response.output_audio_transcript.done', item_id: 'reply_2', transcript: 'Yes.' }),
    );
    expect(saved).toEqual(['Hello.', 'Yes.']);
  });
});
