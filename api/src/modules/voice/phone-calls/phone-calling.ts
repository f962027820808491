import * as contract from '@annie/contracts/phone-calls-routes';
import { routePath } from '@annie/contracts/route';
import type { AppConfig } from '../../../config/env.ts';
import { createTwilioCalls, type TwilioCalls } from '../../../providers/twilio/twilio-calls.ts';
import { missingTwilioSettings } from '../../../providers/twilio/twilio-sms.ts';

/** Everything phone calls need from the configuration, resolved once per app. */
export type PhoneCalling = {
  calls: TwilioCalls | undefined;
  /** Variables to set before calls can be placed or answered; empty when configured. */
  missing: string[];
  authToken: string | undefined;
  /** PUBLIC_URL without a trailing slash: what Twilio is given, and signs. */
  publicUrl: string | undefined;
  /** The first tenant's number (TWILIO_PHONE_NUMBER). */
  defaultNumber: string | undefined;
  region: string;
  realtimeModel: string;
};

/** Path of the voice webhook (the number's "A call comes in" URL). */
export const VOICE_WEBHOOK_PATH = contract.phoneVoiceWebhook.path;
/** Path of the call status callback; the phone call id in the query is covered by the signature. */
export const CALL_STATUS_WEBHOOK_PATH = contract.phoneStatusWebhook.path;
/** Path of the <Connect action> webhook: Twilio's request once a call's stream has ended. */
export const STREAM_ENDED_WEBHOOK_PATH = contract.phoneStreamEndedWebhook.path;
/** Path prefix of the media-stream WebSocket, followed by the phone call id. */
export const MEDIA_STREAM_PATH = contract.openPhoneMediaStream.path.replace(/\/:phoneCallId$/, '');

/** Twilio Voice as configured: the account, the public URL it calls back, and OpenAI for the voice. */
export function phoneCallingOf(config: AppConfig): PhoneCalling {
  const twilio = {
    accountSid: config.TWILIO_ACCOUNT_SID,
    authToken: config.TWILIO_AUTH_TOKEN,
    apiBaseUrl: config.TWILIO_API_BASE_URL,
  };
  const missing = missingTwilioSettings(twilio);
  if (!config.PUBLIC_URL) missing.push('PUBLIC_URL');
  if (!config.OPENAI_API_KEY) missing.push('OPENAI_API_KEY');
  return {
    calls: missing.length === 0 ? createTwilioCalls(twilio) : undefined,
    missing,
    authToken: config.TWILIO_AUTH_TOKEN,
    publicUrl: config.PUBLIC_URL?.replace(/\/+$/, ''),
    defaultNumber: config.TWILIO_PHONE_NUMBER,
    region: config.PHONE_DEFAULT_REGION,
    realtimeModel: config.OPENAI_REALTIME_MODEL,
  };
}

/** The wss:// address Twilio opens for this call (Twilio streams only over wss, without a query). */
export function mediaStreamUrl(publicUrl: string, phoneCallId: string): string {
  const base = new URL(publicUrl);
  const path = base.pathname.replace(/\/+$/, '');
  return `wss://${base.host}${path}${routePath(contract.openPhoneMediaStream, { phoneCallId })}`;
}

/**
 * The <Connect action> URL of a call's stream: the call's id and its single-use resume token ride in the
 * query, which Twilio's signature covers with the rest of the URL.
 */
export function streamEndedUrl(publicUrl: string, phoneCallId: string, resumeToken: string): string {
  const query = new URLSearchParams({ phoneCallId, resume: resumeToken });
  return `${publicUrl}${STREAM_ENDED_WEBHOOK_PATH}?${query}`;
}
