import { z } from 'zod';

/**
 * Twilio Media Streams over the WebSocket (bidirectional, `<Connect><Stream>`): what Twilio sends, and
 * what the app may send back (only `media`, `mark` and `clear`). Keys the caller presses arrive as `dtmf`. Audio is base64 μ-law at 8 kHz.
 */
const startSchema = z.object({
  event: z.literal('start'),
  streamSid: z.string().min(1),
  start: z.object({
    callSid: z.string().min(1),
    streamSid: z.string().min(1),
    customParameters: z.record(z.string(), z.string()).default({}),
    mediaFormat: z
      .object({ encoding: z.string(), sampleRate: z.coerce.number(), channels: z.coerce.number() })
      .optional(),
  }),
});

export type StreamStart = z.infer<typeof startSchema>['start'];

/** One message from Twilio, as much of it as the bridge uses; `other` for anything else. */
export type TwilioStreamMessage =
  | { event: 'start'; start: StreamStart }
  | { event: 'media'; payload: string }
  | { event: 'mark'; name: string }
  | { event: 'dtmf'; digit: string }
  | { event: 'stop' }
  | { event: 'other' };

const OTHER = { event: 'other' } as const;

/**
 * Reads a message. `media` (fifty a second per call) is read without a schema, on its few fields; the
 * rest goes through one. Caller audio only: a media frame of another track is ignored.
 */
export function parseTwilioStreamMessage(text: string): TwilioStreamMessage {
  let message: {
    event?: unknown;
    media?: { payload?: unknown; track?: unknown };
    mark?: { name?: unknown };
    dtmf?: { digit?: unknown; track?: unknown };
  };
  try {
    message = JSON.parse(text);
  } catch {
    return OTHER;
  }
  switch (message?.event) {
    case 'media': {
      const media = message.media;
      if (typeof media?.payload !== 'string') return OTHER;
      if (media.track !== undefined && media.track !== 'inbound') return OTHER;
      return { event: 'media', payload: media.payload };
    }
    case 'start': {
      const parsed = startSchema.safeParse(message);
      return parsed.success ? { event: 'start', start: parsed.data.start } : OTHER;
    }
    case 'mark':
      return typeof message.mark?.name === 'string' ? { event: 'mark', name: message.mark.name } : OTHER;
    case 'dtmf': {
      // A key the caller pressed (bidirectional streams only; always the inbound track).
      const digit = message.dtmf?.digit;
      return typeof digit === 'string' && /^[0-9*#]$/.test(digit) ? { event: 'dtmf', digit } : OTHER;
    }
    case 'stop':
      return { event: 'stop' };
    default:
      return OTHER;
  }
}

/** Assistant audio for the caller: base64 μ-law. */
export const mediaMessage = (streamSid: string, payload: string) =>
  JSON.stringify({ event: 'media', streamSid, media: { payload } });

/** A marker Twilio echoes back once the audio sent before it has played. */
export const markMessage = (streamSid: string, name: string) =>
  JSON.stringify({ event: 'mark', streamSid, mark: { name } });

/** Drops the audio Twilio has buffered but not played (barge-in). */
export const clearMessage = (streamSid: string) => JSON.stringify({ event: 'clear', streamSid });
