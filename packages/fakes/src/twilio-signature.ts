import { createHmac } from 'node:crypto';

/**
 * Twilio's request signature (X-Twilio-Signature): HMAC-SHA1 with the auth token over the full URL
 * followed by every POST parameter's name and value, names sorted, base64-encoded. Written here from
 * Twilio's security documentation rather than taken from the SDK, so tests check the app's
 * validation against an independent implementation.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const payload = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return createHmac('sha1', authToken).update(payload, 'utf8').digest('base64');
}
