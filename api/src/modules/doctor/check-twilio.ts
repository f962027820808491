import type { ProviderCheck } from '@annie/contracts/doctor';
import { phoneVoiceWebhook } from '@annie/contracts/phone-calls-routes';
import { smsInboundWebhook } from '@annie/contracts/sms-routes';
import type { AppConfig } from '../../config/env.ts';
import type { Queryable } from '../../db/sql-text.ts';
import { createTwilioClient } from '../../providers/twilio/twilio-client.ts';
import { assignedNumbers } from '../sms/index.ts';
import { tenantIds } from '../tenants/index.ts';
import {
  DOCTOR_TIMEOUT_MS,
  errorText,
  failed,
  notConfigured,
  passed,
  providerResult,
} from './doctor-check.ts';

type TwilioSettings = Pick<
  AppConfig,
  'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_PHONE_NUMBER' | 'TWILIO_API_BASE_URL' | 'PUBLIC_URL'
>;

const LABEL = 'Twilio';
/** Where Twilio must send a tenant's calls and texts: the webhooks' own contract paths. */
export const VOICE_WEBHOOK_PATH = phoneVoiceWebhook.path;
export const SMS_WEBHOOK_PATH = smsInboundWebhook.path;

/**
 * Each tenant's number: the ones operators assigned, and TWILIO_PHONE_NUMBER for the first tenant.
 * Across tenants: the doctor checks every tenant's number (each shown to its own tenant).
 */
async function tenantNumbers(db: Queryable, defaultNumber: string | undefined) {
  const [tenants, numbers] = await Promise.all([tenantIds(db), assignedNumbers(db)]);
  return tenants.flatMap((tenantId, index) => {
    const phone = numbers.get(tenantId) ?? (index === 0 ? defaultNumber : undefined);
    return phone ? [{ tenantId, phone }] : [];
  });
}

type TwilioClient = NonNullable<ReturnType<typeof createTwilioClient>>;

/** One tenant's number: the account owns it, and its webhooks point at PUBLIC_URL. */
async function checkNumber(client: TwilioClient, name: string, phone: string, publicUrl: string | undefined) {
  try {
    const [owned] = (await client.incomingPhoneNumbers.list({ phoneNumber: phone, limit: 20 })).filter(
      (number) => number.phoneNumber === phone,
    );
    if (!owned) return failed(name, 'not a number of this Twilio account');
    if (!publicUrl)
      return failed(name, 'owned; PUBLIC_URL is not set, so Twilio has nowhere to send calls and texts');
    const wrong = [
      ['voice', owned.voiceUrl, `${publicUrl}${VOICE_WEBHOOK_PATH}`],
      ['messaging', owned.smsUrl, `${publicUrl}${SMS_WEBHOOK_PATH}`],
    ].filter(([, actual, expected]) => actual !== expected);
    if (wrong.length === 0) return passed(name, 'owned; voice and messaging webhooks point at PUBLIC_URL');
    return failed(
      name,
      wrong
        .map(
          ([kind, actual, expected]) => `${kind} webhook is ${actual || '(not set)'}, should be ${expected}`,
        )
        .join('; '),
    );
  } catch (error) {
    return failed(name, errorText(error));
  }
}

const masked = (sid: string) => `${sid.slice(0, 2)}…${sid.slice(-4)}`;

/**
 * The credentials (a one-row IncomingPhoneNumbers list through the official SDK), then for every
 * tenant's number: the account owns it, and its voice and messaging webhooks point at PUBLIC_URL.
 */
export async function checkTwilio(config: TwilioSettings, db: Queryable | undefined): Promise<ProviderCheck> {
  const client = createTwilioClient({
    accountSid: config.TWILIO_ACCOUNT_SID,
    authToken: config.TWILIO_AUTH_TOKEN,
    apiBaseUrl: config.TWILIO_API_BASE_URL,
    timeoutMs: DOCTOR_TIMEOUT_MS,
  });
  if (!client || !config.TWILIO_ACCOUNT_SID) {
    return notConfigured(
      'twilio',
      LABEL,
      'TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN are not set: no texts or phone calls',
    );
  }
  try {
    await client.incomingPhoneNumbers.list({ limit: 1 });
  } catch (error) {
    return providerResult('twilio', LABEL, [failed('credentials', errorText(error))]);
  }
  const checks = [passed('credentials', `accepted for account ${masked(config.TWILIO_ACCOUNT_SID)}`)];
  const numbers = db ? await tenantNumbers(db, config.TWILIO_PHONE_NUMBER) : [];
  if (numbers.length === 0)
    checks.push(
      failed('numbers', 'no tenant has a messaging number (TWILIO_PHONE_NUMBER or messaging:number)'),
    );
  const publicUrl = config.PUBLIC_URL?.replace(/\/+$/, '');
  for (const { tenantId, phone } of numbers) {
    checks.push({
      ...(await checkNumber(client, `tenant ${tenantId} ${phone}`, phone, publicUrl)),
      tenantId,
    });
  }
  return providerResult('twilio', LABEL, checks);
}
