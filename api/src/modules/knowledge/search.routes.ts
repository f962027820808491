import { knowledgeSearchQuerySchema } from '@annie/api-client/contracts/knowledge';
import Router from '@koa/router';
import type { DomainDeps } from '../../domain.ts';
import { type AppState, authOf } from '../auth/auth-context.ts';
import { requireAuth } from '../auth/require-auth.ts';

import { searchKnowledge } from './knowledge-search.ts';

/** GET /api/knowledge/search?q=&sources=&limit=: the backend of the search_knowledge_base voice tool. */
export function searchRoutes({ pool }: Pick<DomainDeps, 'pool'>): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/knowledge' });

  router.get('/search', requireAuth(), async (ctx) => {
    const search = knowledgeSearchQuerySchema.parse(ctx.query);
    ctx.body = { results: await searchKnowledge(pool, authOf(ctx).tenantId, search) };
  });

  return router;
}
