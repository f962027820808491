import type { WebSearchResponse } from '@annie/contracts/voice-tools';
import type { Pool } from '../../../db/pool.ts';
import type { TextUsage } from '../../../providers/openai/openai-text.ts';
import type { WebSearcher } from '../../../providers/openai/openai-web-search.ts';
import { assertWithinBudget, recordTextUse, WEB_SEARCH_CALL_USD } from '../../usage/index.ts';

/**
 * One web search on the tenant's account, from the browser's endpoint or a phone call's tool: refused
 * (402) when the month's budget has a hard stop and is spent, and once OpenAI answered at all, its tokens
 * and the search tool's per-call fee are in the ledger under the user, whatever the search returned.
 */
export async function billedWebSearch(
  pool: Pool,
  searcher: WebSearcher,
  who: { tenantId: string; userId: string },
  query: string,
): Promise<WebSearchResponse> {
  await assertWithinBudget(pool, who.tenantId);
  let usage: TextUsage | undefined;
  try {
    return await searcher.search(query, undefined, (used) => {
      usage = used;
    });
  } finally {
    if (usage)
      await recordTextUse(pool, who.tenantId, {
        userId: who.userId,
        kind: 'search',
        usage,
        feeUsd: WEB_SEARCH_CALL_USD,
      });
  }
}
