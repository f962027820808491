import type * as contract from '@annie/contracts/sms-routes';
import type { Context } from 'koa';
import type { Pool } from '../../db/pool.ts';
import type { SomeRouteHandlers } from '../../http/define-route.ts';
import type { JobSender } from '../../jobs/job-sender.ts';
import { forbidden, serviceUnavailable } from '../../lib/http-errors.ts';
import { isValidTwilioSignature } from '../../providers/twilio/twilio-signature.ts';
import { tenantOfNumber } from './messaging-number.ts';
import type { SmsSending } from './sms-sending.ts';
import { applyStatusCallback, mediaUrlsOf, recordInboundText } from './sms-webhook.service.ts';
import { readTwilioForm } from './twilio-form.ts';

export type SmsWebhookDeps = { pool: Pool; jobs: JobSender; sending: SmsSending; draftsEnabled: boolean };

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/** The signed parameters of a genuine Twilio request to this URL; 403 (nothing stored) otherwise. */
async function signedParams(ctx: Context, sending: SmsSending): Promise<Record<string, string>> {
  if (!sending.authToken || !sending.publicUrl) {
    throw serviceUnavailable('SMS webhooks are not configured: set TWILIO_AUTH_TOKEN and PUBLIC_URL');
  }
  const params = await readTwilioForm(ctx);
  // Twilio signs the URL it was given: the public one, which a proxy in front of the app may rewrite.
  const url = `${sending.publicUrl}${ctx.originalUrl}`;
  if (!isValidTwilioSignature(sending.authToken, ctx.get('X-Twilio-Signature') || undefined, url, params)) {
    throw forbidden('Invalid Twilio signature');
  }
  return params;
}

function answerTwiml(ctx: Context) {
  ctx.type = 'text/xml';
  return { status: 200, body: EMPTY_TWIML } as const;
}

/**
 * Twilio's webhooks: incoming texts and delivery statuses. Both are signature-checked against the
 * public URL, answer at once (the draft is a job), and are safe to redeliver.
 */
export function smsWebhookHandlers(deps: SmsWebhookDeps) {
  return {
    smsInboundWebhook: async (ctx) => {
      const params = await signedParams(ctx, deps.sending);
      const tenantId = await tenantOfNumber(deps.pool, params.To ?? '', deps.sending.defaultNumber);
      const messageSid = params.MessageSid ?? params.SmsSid;
      if (tenantId && messageSid && params.From) {
        await recordInboundText(
          deps.pool,
          deps.jobs,
          tenantId,
          { messageSid, from: params.From, body: params.Body ?? '', mediaUrls: mediaUrlsOf(params) },
          { draftsEnabled: deps.draftsEnabled },
        );
      }
      // A number no tenant owns is acknowledged too: an error would only make Twilio retry it.
      return answerTwiml(ctx);
    },
    smsStatusWebhook: async (ctx, { query }) => {
      const params = await signedParams(ctx, deps.sending);
      const errorCode = Number.parseInt(params.ErrorCode ?? '', 10);
      await applyStatusCallback(deps.pool, {
        messageId: query.messageId,
        messageSid: params.MessageSid ?? params.SmsSid,
        status: params.MessageStatus ?? params.SmsStatus ?? '',
        errorCode: Number.isNaN(errorCode) ? undefined : errorCode,
      });
      return { status: 204 };
    },
  } satisfies SomeRouteHandlers<typeof contract>;
}
