import * as contract from '@annie/contracts/voice-tools-routes';
import Router from '@koa/router';
import type { Pool } from '../../../db/pool.ts';
import type { AppState } from '../../../http/app-state.ts';
import { defineRoutes } from '../../../http/define-route.ts';
import { HttpError, serviceUnavailable } from '../../../lib/http-errors.ts';
import {
  WEB_SEARCH_NOT_CONFIGURED_MESSAGE,
  WebSearchError,
  type WebSearcher,
} from '../../../providers/openai/openai-web-search.ts';
import { assertWithinBudget } from '../../usage/index.ts';
import { billedWebSearch } from './billed-web-search.ts';
import { webSearchLimit } from './web-search-limit.ts';

/**
 * POST /api/voice/web-search {query} → {answer, sources}: the web_search voice tool's server side. Each
 * search is billed, so it honours the budget's hard stop (402), is limited per user (429), and goes to
 * the usage ledger.
 */
export function webSearchRoutes(deps: {
  pool: Pool;
  searcher: WebSearcher | undefined;
  perUserPerHour: number;
}) {
  const { pool, searcher } = deps;
  const takeSearch = webSearchLimit(pool, deps.perUserPerHour);

  return defineRoutes(new Router<AppState>(), contract, {
    webSearch: async (_ctx, { body: { query }, auth }) => {
      if (!searcher) throw serviceUnavailable(WEB_SEARCH_NOT_CONFIGURED_MESSAGE);
      await assertWithinBudget(pool, auth.tenantId);
      await takeSearch(auth.userId);
      try {
        return { status: 200, body: await billedWebSearch(pool, searcher, auth, query) };
      } catch (error) {
        if (error instanceof WebSearchError) throw new HttpError(502, 'provider_error', error.message);
        throw error;
      }
    },
  });
}
