import { linearOf } from './mulaw.ts';
import { approxTokens, LIVE_LIMITS, type LiveAudioFormat, type LiveRefusal } from './openai-live-config.ts';

/** The keys each Live client event may carry (the SDK's ClientEvent union); anything else is refused. */
const CLIENT_EVENT_KEYS: Record<string, string[]> = {
  'session.start': ['session'],
  'session.update': ['session'],
  'session.input_audio.append': ['audio'],
  'session.input_audio.mute': [],
  'session.input_audio.unmute': [],
  'session.output_audio.fixture.play': ['audio'],
  'session.instructions.append': ['content', 'delegation_id'],
  'session.thinking.append': ['content', 'delegation_id'],
  'session.commentary.append': ['content', 'delegation_id'],
  'decision.create': ['decision'],
  'decision.item.create': ['item'],
  'decision.item.delete': ['item_id'],
  'response.item.create': ['item'],
  'response.create': [],
  'session.close': [],
};

export type LiveClientEvent = { type: string; event_id?: string | null; [key: string]: unknown };

/** The refusal for an event of an unknown type or with a field its type does not have. */
export function checkClientEvent(event: LiveClientEvent): LiveRefusal | null {
  const keys = CLIENT_EVENT_KEYS[event.type];
  if (!keys) return { code: 'invalid_value', message: `Invalid event type: '${event.type}'.`, param: 'type' };
  const extra = Object.keys(event).find((key) => key !== 'type' && key !== 'event_id' && !keys.includes(key));
  return extra === undefined
    ? null
    : { code: 'unknown_parameter', message: `Unknown parameter: '${extra}'.`, param: extra };
}

/** The Live `error` event for a refused client event (the session stays open). */
export function liveErrorEvent(cause: LiveClientEvent | null, refusal: LiveRefusal) {
  const clientEventId = typeof cause?.event_id === 'string' ? cause.event_id : undefined;
  return {
    type: 'error',
    ...(clientEventId ? { client_event_id: clientEventId } : {}),
    error: {
      type: 'invalid_request_error',
      code: refusal.code,
      message: refusal.message,
      ...(refusal.param ? { param: refusal.param } : {}),
      ...(clientEventId ? { client_event_id: clientEventId } : {}),
    },
  };
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Decoded audio, or null when `text` is not strict base64. */
export function decodeBase64(text: unknown): Buffer | null {
  return typeof text === 'string' && BASE64.test(text) ? Buffer.from(text, 'base64') : null;
}

/**
 * Audio as a sideband reflects it: mono PCM16LE at 24 kHz whatever the session's format (the SDK's
 * OutputAudioDeltaEvent and InputAudioAppendEvent doc comments). Nearest-sample resampling is enough
 * for a fake.
 */
export function toPcm24k(audio: Buffer, format: LiveAudioFormat): Buffer {
  const samples =
    format.type === 'audio/pcm'
      ? Array.from({ length: audio.length / 2 }, (_, i) => audio.readInt16LE(i * 2))
      : Array.from(audio, (code) => (format.type === 'audio/pcmu' ? linearOf(code) : 0));
  const ratio = 24_000 / format.rate;
  const out = Buffer.alloc(Math.round(samples.length * ratio) * 2);
  for (let i = 0; i < out.length / 2; i++) out.writeInt16LE(samples[Math.floor(i / ratio)] ?? 0, i * 2);
  return out;
}

/**
 * The refusal for an instructions, thinking or commentary append: a plain-string `content` of at most
 * 500 tokens, a `delegation_id` that is present (string or null) and null under Responses delegation,
 * and never while an audio fixture plays.
 */
export function appendRefusal(
  event: LiveClientEvent,
  state: { fixtureActive: boolean; delegationType: string },
): LiveRefusal | null {
  if (typeof event.content !== 'string')
    return { code: 'invalid_type', message: 'content must be a string.', param: 'content' };
  const id = event.delegation_id;
  if (!Object.hasOwn(event, 'delegation_id') || (id !== null && typeof id !== 'string'))
    return {
      code: 'missing_required_parameter',
      message: 'delegation_id is required (string or null).',
      param: 'delegation_id',
    };
  if (approxTokens(event.content) > LIVE_LIMITS.appendTokens)
    return {
      code: 'invalid_value',
      message: `content is limited to ${LIVE_LIMITS.appendTokens} tokens.`,
      param: 'content',
    };
  if (state.fixtureActive)
    return {
      code: 'invalid_request_error',
      message: 'Appends are rejected while an audio fixture is active.',
    };
  if (id !== null && state.delegationType === 'responses')
    return {
      code: 'invalid_value',
      message: 'Non-null delegation_id is not accepted with Responses delegation.',
      param: 'delegation_id',
    };
  return null;
}

/**
 * The refusal for an event sent at the wrong time or place: anything before `session.start`, a second
 * start, anything once closing; on a sideband, a start or an audio append; Responses events without
 * Responses delegation (the wording is Travizm's report [3P]). The fake runs no Decisions.
 */
export function orderRefusal(
  event: LiveClientEvent,
  state: {
    transport: 'websocket' | 'sideband' | 'webrtc';
    started: boolean;
    closing: boolean;
    delegationType: string;
  },
): LiveRefusal | null {
  const { transport, started } = state;
  if (transport !== 'websocket' && event.type === 'session.start')
    return {
      code: 'invalid_request_error',
      message:
        transport === 'sideband'
          ? 'A sideband attaches to a started session; do not send session.start.'
          : 'WebRTC creation already starts the session; do not send session.start.',
    };
  if (transport !== 'websocket' && event.type === 'session.input_audio.append')
    return {
      code: 'invalid_request_error',
      message: 'session.input_audio.append is accepted on the primary WebSocket only.',
    };
  if (!started && event.type !== 'session.start')
    return {
      code: 'invalid_request_error',
      message: 'Send session.start first and wait for session.started.',
    };
  if (started && event.type === 'session.start')
    return { code: 'invalid_request_error', message: 'The session has already started.' };
  if (state.closing) return { code: 'invalid_request_error', message: 'The session is closing.' };
  if (event.type.startsWith('decision.'))
    return { code: 'invalid_request_error', message: 'Decisions are not configured for this session.' };
  if (
    (event.type === 'response.item.create' || event.type === 'response.create') &&
    state.delegationType !== 'responses'
  )
    return { code: 'invalid_request_error', message: `${event.type} requires Responses delegation.` };
  return null;
}

const FIXTURE_MAX_BYTES = 24_000 * 2 * 30;

/** The refusal for an audio fixture: PCM16 24 kHz of at most 30 s, and one at a time. */
export function fixtureRefusal(audio: Buffer | null, active: boolean): LiveRefusal | null {
  if (!audio || audio.length % 2 !== 0 || audio.length > FIXTURE_MAX_BYTES)
    return {
      code: 'invalid_value',
      message: 'A fixture is PCM16 24 kHz, at most 30 seconds.',
      param: 'audio',
    };
  return active ? { code: 'invalid_request_error', message: 'Only one fixture can be active.' } : null;
}

/** A client event's text parsed: an object with a string `type`, or the refusal to send back. */
export function parseClientEvent(text: string): { event: LiveClientEvent } | { refusal: LiveRefusal } {
  let event: LiveClientEvent;
  try {
    event = JSON.parse(text);
  } catch {
    return { refusal: { code: 'invalid_json', message: 'The event is not valid JSON.' } };
  }
  if (!event || typeof event !== 'object' || typeof event.type !== 'string')
    return { refusal: { code: 'invalid_value', message: 'An event needs a string type.', param: 'type' } };
  return { event };
}
