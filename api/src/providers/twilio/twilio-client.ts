import twilio from 'twilio';

/** Where and as whom to reach Twilio; built from TWILIO_* in config/env.ts. */
export type TwilioConfig = {
  accountSid?: string;
  authToken?: string;
  /** The first tenant's messaging number (E.164); other tenants' numbers are set by an operator. */
  phoneNumber?: string;
  /** Only for the loopback fake and sandboxes: replaces https://api.twilio.com. */
  apiBaseUrl?: string;
  /** Per request; the SDK's own default is 30 s. */
  timeoutMs?: number;
};

/** The official REST client, or undefined when the account is not configured. */
export function createTwilioClient(config: TwilioConfig): twilio.Twilio | undefined {
  if (!config.accountSid || !config.authToken) return undefined;
  const client = twilio(
    config.accountSid,
    config.authToken,
    config.timeoutMs ? { timeout: config.timeoutMs } : undefined,
  );
  // The SDK only knows api.twilio.com; pointing the Api domain elsewhere reroutes Messages and Calls
  // (fakes, sandboxes).
  if (config.apiBaseUrl) client.api.baseUrl = config.apiBaseUrl.replace(/\/$/, '');
  return client;
}
