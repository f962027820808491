// A webhook request signed the way Twilio signs it: HMAC-SHA1 over the public URL followed by each
// parameter name and value in name order, base64 (what `twilio.validateRequest` checks).
import { createHmac } from 'node:crypto';

export interface TwilioAccount {
  publicUrl: string;
  authToken: string;
}

/** Headers and form body of a signed POST of `params` to `publicUrl + path`. */
export function twilioSigned(
  { publicUrl, authToken }: TwilioAccount,
  path: string,
  params: Record<string, string>,
): { headers: Record<string, string>; body: string } {
  const payload = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], `${publicUrl}${path}`);
  return {
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Twilio-Signature': createHmac('sha1', authToken).update(payload).digest('base64'),
    },
    body: new URLSearchParams(params).toString(),
  };
}

/** The parameters of an inbound text from `from` to `to`, as Twilio posts them. */
export function inboundText(sid: string, from: string, to: string, body: string): Record<string, string> {
  return {
    MessageSid: sid,
    SmsSid: sid,
    From: from,
    To: to,
    Body: body,
    NumMedia: '0',
    AccountSid: 'ACbench',
  };
}
