import * as contract from '@annie/api-client/contracts/voice-tools-routes';
import Router from '@koa/router';
import type { AppState } from '../../../http/app-state.ts';
import { defineRoute } from '../../../http/define-route.ts';
import { HttpError, serviceUnavailable } from '../../../lib/http-errors.ts';
import {
  WEB_SEARCH_NOT_CONFIGURED_MESSAGE,
  WebSearchError,
  type WebSearcher,
} from '../../../providers/openai/openai-web-search.ts';

/** POST /api/voice/web-search {query} → {answer, sources}: the web_search voice tool's server side. */
export function webSearchRoutes(searcher: WebSearcher | undefined): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/voice' });

  defineRoute(router, contract.webSearch, async (_ctx, { body: { query } }) => {
    if (!searcher) throw serviceUnavailable(WEB_SEARCH_NOT_CONFIGURED_MESSAGE);
    try {
      return await searcher.search(query);
    } catch (error) {
      if (error instanceof WebSearchError) throw new HttpError(502, 'provider_error', error.message);
      throw error;
    }
  });

  return router;
}
