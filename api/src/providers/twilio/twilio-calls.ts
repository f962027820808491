import twilio from 'twilio';
import { createTwilioClient, type TwilioConfig } from './twilio-client.ts';

/** An outbound call as Twilio is asked to place it. */
export type OutboundCall = {
  to: string;
  from: string;
  /** What Twilio runs once the callee answers (a `<Connect><Stream>` to this server). */
  twiml: string;
  /** Public URL Twilio posts the call's progress to. */
  statusCallback: string;
};

/** What Twilio answered for an accepted call. */
export type PlacedCall = { sid: string; status: string };

/**
 * A call Twilio refused or that never reached it. The message is `HTTP {status}: {body}` when Twilio
 * answered, `call_failed` when it did not.
 */
export class TwilioCallError extends Error {
  override name = 'TwilioCallError';
  readonly status: number | undefined;
  readonly code: number | undefined;

  constructor(message: string, options: { status?: number; code?: number; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.code = options.code;
  }
}

export type TwilioCalls = {
  place: (call: OutboundCall) => Promise<PlacedCall>;
  /**
   * Ends a call: `completed` hangs up one in progress (end_call, after the goodbye has played; End),
   * `canceled` one still queued or ringing (Twilio leaves an unanswered call alone on `completed`).
   * Answers the call's status as Twilio then reports it.
   */
  hangUp: (sid: string, how?: 'completed' | 'canceled') => Promise<{ status: string }>;
  /** What Twilio charged for a call (negative, in `unit`); null until Twilio has priced it. */
  price?: (sid: string) => Promise<{ price: number; unit: string } | null>;
};

/** The call progress Twilio reports to the status callback. */
export const STATUS_CALLBACK_EVENTS = ['initiated', 'ringing', 'answered', 'completed'];

function callErrorOf(error: unknown): TwilioCallError {
  const rest = error as { status?: unknown; code?: unknown; message?: unknown; moreInfo?: unknown };
  if (typeof rest.status !== 'number') return new TwilioCallError('call_failed', { cause: error });
  const code = typeof rest.code === 'number' ? rest.code : undefined;
  // Twilio's error body as it sent it (the SDK keeps its fields, not the text).
  const body = JSON.stringify({
    code,
    message: typeof rest.message === 'string' ? rest.message : undefined,
    more_info: typeof rest.moreInfo === 'string' ? rest.moreInfo : undefined,
    status: rest.status,
  });
  return new TwilioCallError(`HTTP ${rest.status}: ${body}`, { status: rest.status, code, cause: error });
}

/** Twilio Voice through the official SDK, or undefined when Twilio is not configured. */
export function createTwilioCalls(config: TwilioConfig): TwilioCalls | undefined {
  const client = createTwilioClient(config);
  if (!client) return undefined;
  return {
    async place(call) {
      try {
        const created = await client.calls.create({
          to: call.to,
          from: call.from,
          twiml: call.twiml,
          statusCallback: call.statusCallback,
          statusCallbackEvent: STATUS_CALLBACK_EVENTS,
          statusCallbackMethod: 'POST',
        });
        return { sid: created.sid, status: created.status };
      } catch (error) {
        throw callErrorOf(error);
      }
    },
    async price(sid) {
      try {
        const call = await client.calls(sid).fetch();
        // The SDK types the price as a string; Twilio sends null until the call is priced.
        const price = call.price === null || call.price === undefined ? Number.NaN : Number(call.price);
        return Number.isFinite(price) ? { price, unit: call.priceUnit ?? 'USD' } : null;
      } catch (error) {
        throw callErrorOf(error);
      }
    },
    async hangUp(sid, how = 'completed') {
      try {
        const updated = await client.calls(sid).update({ status: how });
        return { status: updated.status };
      } catch (error) {
        throw callErrorOf(error);
      }
    },
  };
}

/**
 * TwiML that connects the call to this server's media-stream WebSocket. Twilio refuses query strings on
 * a Stream URL, so the single-use token travels as a `<Parameter>` and comes back in the `start` message.
 * With `action`, Twilio requests that URL when the stream ends (closed, or its server gone) and runs
 * what it answers, so the call is not hung up with its stream.
 */
export function connectStreamTwiml(
  streamUrl: string,
  parameters: Record<string, string>,
  action?: string,
): string {
  const response = new twilio.twiml.VoiceResponse();
  const stream = response.connect(action ? { action, method: 'POST' } : {}).stream({ url: streamUrl });
  for (const [name, value] of Object.entries(parameters)) stream.parameter({ name, value });
  return response.toString();
}

/** TwiML that answers, says `message` and hangs up (the assistant cannot take the call). */
export function sayAndHangUpTwiml(message: string): string {
  const response = new twilio.twiml.VoiceResponse();
  response.say(message);
  response.hangup();
  return response.toString();
}

/** TwiML that ends the call (its TwiML is over; Twilio ignores it for a call already completed). */
export function hangUpTwiml(): string {
  const response = new twilio.twiml.VoiceResponse();
  response.hangup();
  return response.toString();
}

/** TwiML that declines a call (a number no tenant owns, or one already on a call). */
export function rejectTwiml(reason: 'busy' | 'rejected'): string {
  const response = new twilio.twiml.VoiceResponse();
  response.reject({ reason });
  return response.toString();
}
