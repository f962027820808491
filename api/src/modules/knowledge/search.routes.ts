import {
  knowledgeSearchQuerySchema,
  knowledgeSearchResponseSchema,
} from '@annie/api-client/contracts/knowledge';
import Router from '@koa/router';
import type { DomainDeps } from '../../domain.ts';
import { type AppState, authOf } from '../../http/app-state.ts';
import { requireAuth } from '../../http/require-auth.ts';
import { routeDoc } from '../../openapi/route-doc.ts';
import { searchKnowledge } from './knowledge-search.ts';

/** GET /api/knowledge/search?q=&sources=&limit=: the backend of the search_knowledge_base voice tool. */
export function searchRoutes({ pool }: Pick<DomainDeps, 'pool'>): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/knowledge' });

  router.get(
    '/search',
    routeDoc({
      summary: "Full-text search of the tenant's facts and notes (the search_knowledge_base voice tool)",
      access: 'signed-in',
      query: knowledgeSearchQuerySchema,
      responses: { 200: { description: 'The best matches first', schema: knowledgeSearchResponseSchema } },
    }),
    requireAuth(),
    async (ctx) => {
      const search = knowledgeSearchQuerySchema.parse(ctx.query);
      ctx.body = { results: await searchKnowledge(pool, authOf(ctx).tenantId, search) };
    },
  );

  return router;
}
