import twilio from 'twilio';

/**
 * True when `signature` (the X-Twilio-Signature header) is Twilio's signature of this webhook: the
 * public URL Twilio was given (not the address the request arrived on, which a proxy may change) and
 * the form parameters, under the account's auth token.
 */
export function isValidTwilioSignature(
  authToken: string,
  signature: string | undefined,
  publicUrl: string,
  params: Record<string, string>,
): boolean {
  if (!signature) return false;
  return twilio.validateRequest(authToken, signature, publicUrl, params);
}
