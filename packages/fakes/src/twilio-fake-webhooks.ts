import { randomBytes } from 'node:crypto';
import { twilioSignature } from './twilio-signature.ts';

/** What the app answered to a webhook the fake delivered. */
export type WebhookReply = { status: number; contentType: string | null; text: string };

/** An inbound text as a phone would send it to the app's messaging number. */
export type InboundText = {
  from: string;
  to: string;
  body: string;
  /** Reuse a sid to redeliver the same message, as Twilio does on retries. */
  messageSid?: string;
  media?: { url: string; contentType: string }[];
};

/** A new Twilio-style message sid: SM followed by 32 hex digits. */
export function newMessageSid(): string {
  return `SM${randomBytes(16).toString('hex')}`;
}

/**
 * Posts form-encoded webhook parameters the way Twilio does, signed against `signedUrl` (the public URL
 * Twilio was configured with) while the request itself goes to `targetUrl` (where the app listens).
 */
export async function postSignedWebhook(
  authToken: string,
  signedUrl: string,
  params: Record<string, string>,
  targetUrl: string = signedUrl,
): Promise<WebhookReply> {
  const response = await fetch(targetUrl, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Twilio-Signature': twilioSignature(authToken, signedUrl, params),
      'User-Agent': 'TwilioProxy/1.1',
    },
    body: new URLSearchParams(params).toString(),
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    text: await response.text(),
  };
}

/** The parameters of Twilio's incoming-message webhook. */
export function inboundParams(accountSid: string, text: InboundText): Record<string, string> {
  const sid = text.messageSid ?? newMessageSid();
  const media = text.media ?? [];
  const params: Record<string, string> = {
    ToCountry: 'US',
    ToState: '',
    SmsMessageSid: sid,
    NumMedia: String(media.length),
    ToCity: '',
    FromZip: '',
    SmsSid: sid,
    FromState: '',
    SmsStatus: 'received',
    FromCity: '',
    Body: text.body,
    FromCountry: 'US',
    To: text.to,
    ToZip: '',
    NumSegments: '1',
    MessageSid: sid,
    AccountSid: accountSid,
    From: text.from,
    ApiVersion: '2010-04-01',
  };
  media.forEach((item, index) => {
    params[`MediaUrl${index}`] = item.url;
    params[`MediaContentType${index}`] = item.contentType;
  });
  return params;
}
