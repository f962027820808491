import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/transaction.ts';
import type { TextUsage } from '../../providers/openai/openai-text.ts';
import { costUsd } from './call-cost.ts';
import { priceOf } from './price-table.ts';
import { recordUsageEntry, type UsageEntry } from './usage-ledger.queries.ts';
import { readUsageSettings } from './usage-settings.queries.ts';

/**
 * What OpenAI lists for one call of the Responses API's web_search tool ($10 per 1,000 calls), on top
 * of the model's tokens. Read from OpenAI's pricing page with the default prices (PRICED_ON).
 */
export const WEB_SEARCH_CALL_USD = 0.01;

/** What one text-model request cost: its tokens at the tenant's price for the model (0 when unpriced). */
export async function textUsageCost(db: Queryable, tenantId: string, usage: TextUsage): Promise<number> {
  const settings = await readUsageSettings(db, tenantId);
  const price = priceOf(usage.model, settings.prices);
  if (!price) return 0;
  return costUsd(price, {
    inputText: usage.inputTokens,
    cachedText: usage.cachedTokens,
    outputText: usage.outputTokens,
    inputAudio: 0,
    cachedAudio: 0,
    outputAudio: 0,
  });
}

/**
 * A ledger line for one request to a text model outside a call's figures: a typed call's reply, a web
 * search. `feeUsd` is a per-request fee beside the tokens (the search tool's). Each request is its own
 * line (a fresh source id), so retried requests are all counted: each one was billed.
 */
export async function recordTextUse(
  db: Queryable,
  tenantId: string,
  use: {
    userId: string;
    kind: Extract<UsageEntry['kind'], 'reply' | 'search'>;
    usage: TextUsage | undefined;
    feeUsd?: number;
  },
): Promise<void> {
  const tokens = use.usage ? use.usage.inputTokens + use.usage.outputTokens : 0;
  const cost = (use.usage ? await textUsageCost(db, tenantId, use.usage) : 0) + (use.feeUsd ?? 0);
  await recordUsageEntry(db, tenantId, {
    userId: use.userId,
    channel: 'web',
    kind: use.kind,
    sourceId: randomUUID(),
    at: new Date(),
    seconds: 0,
    segments: 0,
    tokens,
    costUsd: cost,
  });
}
