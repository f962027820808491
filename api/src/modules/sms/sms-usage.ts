import type { Logger } from 'pino';
import type { Pool } from '../../db/pool.ts';
import type { TextUsage } from '../../providers/openai/openai-text.ts';
import type { SentSms } from '../../providers/twilio/twilio-sms.ts';
import {
  applyProviderPrice,
  budgetStatus,
  costUsd,
  priceOf,
  readUsageSettings,
  recordUsageEntry,
  unpricedUsageEntries,
} from '../usage/index.ts';
import type { SmsSending } from './sms-sending.ts';

/** Whether the tenant's spent budget stops new drafts (its hard stop). */
export async function draftsStopped(pool: Pool, tenantId: string): Promise<boolean> {
  return (await budgetStatus(pool, tenantId)).stopped;
}

/** A draft's line in the usage ledger: the text model's tokens, priced by the tenant's table. */
export async function recordDraftUsage(pool: Pool, tenantId: string, draftId: string, usage: TextUsage) {
  const settings = await readUsageSettings(pool, tenantId);
  const price = priceOf(usage.model, settings.prices);
  const cost = price
    ? costUsd(price, {
        inputText: usage.inputTokens,
        cachedText: usage.cachedTokens,
        outputText: usage.outputTokens,
        inputAudio: 0,
        cachedAudio: 0,
        outputAudio: 0,
      })
    : 0;
  await recordUsageEntry(pool, tenantId, {
    userId: null,
    channel: 'sms',
    kind: 'draft',
    sourceId: draftId,
    at: new Date(),
    seconds: 0,
    segments: 0,
    tokens: usage.inputTokens + usage.outputTokens,
    costUsd: cost,
  });
}

/** A sent text's line in the usage ledger: its segments, and Twilio's price when its answer had one. */
export async function recordSentTextUsage(pool: Pool, tenantId: string, messageId: string, sent: SentSms) {
  const price =
    sent.price !== null && sent.price !== undefined && sent.priceUnit === 'USD' ? Math.abs(sent.price) : 0;
  await recordUsageEntry(pool, tenantId, {
    userId: null,
    channel: 'sms',
    kind: 'text',
    sourceId: messageId,
    at: new Date(),
    seconds: 0,
    segments: sent.numSegments ?? 1,
    tokens: 0,
    costUsd: price,
    providerRef: price > 0 ? null : sent.sid,
  });
}

/** How often sent texts are checked for Twilio's price (Twilio prices a message once it has left). */
export const TEXT_PRICE_SWEEP_MS = 5 * 60_000;

/** Fetches Twilio's price for sent texts still without one and adds it to the ledger; answers how many. */
export async function priceSentTexts(pool: Pool, sending: SmsSending, logger?: Logger): Promise<number> {
  const fetchPrice = sending.sender?.price;
  if (!fetchPrice) return 0;
  let priced = 0;
  for (const entry of await unpricedUsageEntries(pool, 'text')) {
    const reported = await fetchPrice(entry.providerRef).catch((error: Error) => {
      logger?.warn({ err: error, sid: entry.providerRef }, 'Twilio message price not fetched');
      return null;
    });
    if (!reported) continue;
    const usd = reported.unit === 'USD' ? Math.abs(reported.price) : 0;
    if (await applyProviderPrice(pool, entry.tenantId, { kind: 'text', sourceId: entry.sourceId }, usd))
      priced += 1;
  }
  return priced;
}
