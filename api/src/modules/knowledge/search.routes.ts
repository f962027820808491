import * as contract from '@annie/contracts/knowledge-routes';
import Router from '@koa/router';
import type { DomainDeps } from '../../domain.ts';
import type { AppState } from '../../http/app-state.ts';
import { defineRoute } from '../../http/define-route.ts';
import { searchKnowledge } from './knowledge-search.ts';

/** GET /api/knowledge/search?q=&sources=&limit=: the backend of the search_knowledge_base voice tool. */
export function searchRoutes({ pool }: Pick<DomainDeps, 'pool'>): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/knowledge' });

  defineRoute(router, contract.searchKnowledge, async (_ctx, { query, auth }) => ({
    results: await searchKnowledge(pool, auth.tenantId, query),
  }));

  return router;
}
