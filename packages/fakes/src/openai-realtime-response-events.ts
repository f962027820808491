// The server events of one response of the fake Realtime call, in the order and shapes of OpenAI's GA
// Realtime API: a function call (sent at once) and a spoken reply (started, a transcript delta per word
// while its audio plays, then finished or cut short). The call (openai-realtime-webrtc-call.ts) decides
// when to send them and keeps the usage; these only build them.
import { randomBytes } from 'node:crypto';
import type { RealtimeEvent } from './realtime-event-log.ts';

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

const created = (responseId: string): RealtimeEvent => ({
  type: 'response.created',
  response: { id: responseId, status: 'in_progress', output: [] },
});

/**
 * A response that asks for one tool call: `events(usage)` is its whole sequence, from response.created to
 * response.done with that usage; the client answers with a `function_call_output` item for `callId`.
 */
export function functionCallResponse(name: string, args: string) {
  const responseId = newId('resp');
  const callId = newId('call');
  const itemId = newId('item');
  const base = { response_id: responseId, item_id: itemId, output_index: 0, call_id: callId };
  const item = {
    id: itemId,
    type: 'function_call',
    status: 'in_progress',
    name,
    call_id: callId,
    arguments: '',
  };
  const done = { ...item, status: 'completed', arguments: args };
  return {
    responseId,
    callId,
    /** Everything but response.done, then response.done (the response is no longer active between them). */
    events: (): RealtimeEvent[] => [
      created(responseId),
      { type: 'response.output_item.added', response_id: responseId, output_index: 0, item },
      { type: 'response.function_call_arguments.delta', ...base, delta: args },
      { type: 'response.function_call_arguments.done', ...base, name, arguments: args },
      { type: 'response.output_item.done', response_id: responseId, output_index: 0, item: done },
    ],
    done: (usage: unknown): RealtimeEvent => ({
      type: 'response.done',
      response: { id: responseId, status: 'completed', output: [done], usage },
    }),
  };
}

/** A spoken (audio) response, word by word: its events at the start, per word, and at the end. */
export function spokenResponse() {
  const responseId = newId('resp');
  const itemId = newId('item');
  const base = { response_id: responseId, item_id: itemId, output_index: 0, content_index: 0 };
  const item = { id: itemId, type: 'message', role: 'assistant', status: 'in_progress', content: [] };
  /** The message item as it ends: whole, or incomplete when cut short. */
  const ended = (text: string, cancelled: boolean) => ({
    ...item,
    status: cancelled ? 'incomplete' : 'completed',
    content: [{ type: 'output_audio', transcript: text }],
  });
  return {
    responseId,
    started: (): RealtimeEvent[] => [
      created(responseId),
      { type: 'response.output_item.added', response_id: responseId, output_index: 0, item },
      { type: 'response.content_part.added', ...base, part: { type: 'audio', transcript: '' } },
      { type: 'output_audio_buffer.started', response_id: responseId },
    ],
    word: (word: string, index: number): RealtimeEvent => ({
      type: 'response.output_audio_transcript.delta',
      ...base,
      delta: index === 0 ? word : ` ${word}`,
    }),
    /** The audio and transcript done (unless cut short), then the item done; response.done follows. */
    finished: (text: string, cancelled: boolean): RealtimeEvent[] => {
      const itemDone = {
        type: 'response.output_item.done',
        response_id: responseId,
        output_index: 0,
        item: ended(text, cancelled),
      };
      if (cancelled) return [itemDone];
      return [
        { type: 'response.output_audio.done', ...base },
        { type: 'response.output_audio_transcript.done', ...base, transcript: text },
        { type: 'response.content_part.done', ...base, part: { type: 'audio', transcript: text } },
        itemDone,
      ];
    },
    done: (text: string, cancelled: boolean, usage: unknown): RealtimeEvent => ({
      type: 'response.done',
      response: {
        id: responseId,
        status: cancelled ? 'cancelled' : 'completed',
        output: [ended(text, cancelled)],
        usage,
      },
    }),
    /** Once its audio has stopped playing: stopped, or cleared when it was cut short. */
    audioEnded: (cancelled: boolean): RealtimeEvent => ({
      type: cancelled ? 'output_audio_buffer.cleared' : 'output_audio_buffer.stopped',
      response_id: responseId,
    }),
  };
}
