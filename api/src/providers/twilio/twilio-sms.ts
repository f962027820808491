import { createTwilioClient, type TwilioConfig } from './twilio-client.ts';

export type { TwilioConfig } from './twilio-client.ts';

/** Twilio's error code for a recipient who replied STOP. */
export const TWILIO_UNSUBSCRIBED_RECIPIENT = 21610;

/** A send that Twilio refused or that never reached it. */
export class TwilioSendError extends Error {
  override name = 'TwilioSendError';
  /** Twilio's error code (e.g. 21610), when Twilio answered. */
  readonly code: number | undefined;
  readonly status: number | undefined;

  constructor(message: string, options: { code?: number; status?: number; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.code = options.code;
    this.status = options.status;
  }

  /** True when the recipient has opted out at Twilio (error 21610). */
  get recipientOptedOut(): boolean {
    return this.code === TWILIO_UNSUBSCRIBED_RECIPIENT;
  }
}

export type OutboundSms = {
  to: string;
  from: string;
  body: string;
  mediaUrl?: string;
  /** Public URL Twilio posts delivery statuses to (none for a text the app keeps no record of). */
  statusCallback?: string;
};

/** What Twilio answered for an accepted message. */
/** What Twilio answered for an accepted message: its segments, and its price once Twilio knows it (negative). */
export type SentSms = {
  sid: string;
  status: string;
  numSegments?: number;
  price?: number | null;
  priceUnit?: string;
};

export type SmsSender = {
  send: (message: OutboundSms) => Promise<SentSms>;
  /** What Twilio charged for a message (negative, in `unit`); null until Twilio has priced it. */
  price?: (sid: string) => Promise<{ price: number; unit: string } | null>;
};

/** The variables that must be set before texts can be sent; empty when Twilio is configured. */
export function missingTwilioSettings(config: TwilioConfig): string[] {
  const missing: string[] = [];
  if (!config.accountSid) missing.push('TWILIO_ACCOUNT_SID');
  if (!config.authToken) missing.push('TWILIO_AUTH_TOKEN');
  return missing;
}

/** A Twilio Messages sender through the official SDK, or undefined when Twilio is not configured. */
export function createTwilioSmsSender(config: TwilioConfig): SmsSender | undefined {
  const client = createTwilioClient(config);
  if (!client) return undefined;
  return {
    async price(sid) {
      const message = await client.messages(sid).fetch();
      // The SDK types the price as a string; Twilio sends null until the message is priced.
      const price =
        message.price === null || message.price === undefined ? Number.NaN : Number(message.price);
      return Number.isFinite(price) ? { price, unit: message.priceUnit ?? 'USD' } : null;
    },
    async send(message) {
      try {
        const created = await client.messages.create({
          to: message.to,
          from: message.from,
          body: message.body,
          ...(message.mediaUrl ? { mediaUrl: [message.mediaUrl] } : {}),
          ...(message.statusCallback ? { statusCallback: message.statusCallback } : {}),
        });
        const price =
          created.price === null || created.price === undefined ? Number.NaN : Number(created.price);
        return {
          sid: created.sid,
          status: created.status,
          numSegments: Number(created.numSegments) || 1,
          price: Number.isFinite(price) ? price : null,
          priceUnit: created.priceUnit ?? 'USD',
        };
      } catch (error) {
        const rest = error as { status?: unknown; code?: unknown; message?: unknown };
        if (typeof rest.status === 'number') {
          throw new TwilioSendError(`Twilio refused the message: ${String(rest.message)}`, {
            status: rest.status,
            code: typeof rest.code === 'number' ? rest.code : undefined,
            cause: error,
          });
        }
        throw new TwilioSendError('Twilio could not be reached', { cause: error });
      }
    },
  };
}
