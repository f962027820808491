import * as contract from '@annie/contracts/sms-routes';
import type { AppConfig } from '../../config/env.ts';
import {
  createTwilioSmsSender,
  missingTwilioSettings,
  type SmsSender,
} from '../../providers/twilio/twilio-sms.ts';

/** Everything needed to send texts and check Twilio's webhooks, resolved once from the configuration. */
export type SmsSending = {
  sender: SmsSender | undefined;
  /** Variables to set before texts can be sent; empty when sending is configured. */
  missing: string[];
  authToken: string | undefined;
  /** Base of the webhook URLs Twilio is given and signs (PUBLIC_URL without a trailing slash). */
  publicUrl: string | undefined;
  /** The first tenant's messaging number. */
  defaultNumber: string | undefined;
};

/** Twilio sending as configured; the public URL is required too, since status callbacks go there. */
export function smsSendingOf(config: AppConfig): SmsSending {
  const twilio = {
    accountSid: config.TWILIO_ACCOUNT_SID,
    authToken: config.TWILIO_AUTH_TOKEN,
    phoneNumber: config.TWILIO_PHONE_NUMBER,
    apiBaseUrl: config.TWILIO_API_BASE_URL,
  };
  const missing = missingTwilioSettings(twilio);
  if (!config.PUBLIC_URL) missing.push('PUBLIC_URL');
  return {
    sender: missing.length === 0 ? createTwilioSmsSender(twilio) : undefined,
    missing,
    authToken: config.TWILIO_AUTH_TOKEN,
    publicUrl: config.PUBLIC_URL?.replace(/\/+$/, ''),
    defaultNumber: config.TWILIO_PHONE_NUMBER,
  };
}

/** Path of the status-callback webhook; the message id in the query is covered by Twilio's signature. */
export const STATUS_WEBHOOK_PATH = contract.smsStatusWebhook.path;
/** Path of the incoming-message webhook (the messaging number's "A message comes in" URL). */
export const INBOUND_WEBHOOK_PATH = contract.smsInboundWebhook.path;
