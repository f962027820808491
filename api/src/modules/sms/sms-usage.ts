import type { Pool } from '../../db/pool.ts';
import type { TextUsage } from '../../providers/openai/openai-text.ts';
import type { SentSms } from '../../providers/twilio/twilio-sms.ts';
import { budgetStatus, costUsd, priceOf, readUsageSettings, recordUsageEntry } from '../usage/index.ts';

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
  });
}
