import { webSearchRequestSchema, webSearchResponseSchema } from '@annie/api-client/contracts/voice-tools';
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

  defineRoute(
    router,
    {
      method: 'post',
      path: '/web-search',
      summary: 'Search the web for the assistant (the web_search voice tool)',
      description: 'A short answer to read aloud and the pages it cites, from OpenAI’s web search tool.',
      access: 'signed-in',
      body: webSearchRequestSchema,
      responses: { 200: { description: 'The answer and its sources', schema: webSearchResponseSchema } },
      errors: {
        502: 'OpenAI failed or refused the search',
        503: 'Web search is not configured (OPENAI_API_KEY), or the database is briefly unavailable',
      },
    },
    async (ctx, { body: { query } }) => {
      if (!searcher) throw serviceUnavailable(WEB_SEARCH_NOT_CONFIGURED_MESSAGE);
      try {
        ctx.body = await searcher.search(query);
      } catch (error) {
        if (error instanceof WebSearchError) throw new HttpError(502, 'provider_error', error.message);
        throw error;
      }
    },
  );

  return router;
}
