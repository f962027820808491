import type * as contract from '@annie/contracts/knowledge-routes';
import type { ModuleDeps } from '../../api-module.ts';
import type { SomeRouteHandlers } from '../../http/define-route.ts';
import { searchKnowledge } from './knowledge-search.ts';

/** GET /api/knowledge/search?q=&sources=&limit=: the backend of the search_knowledge_base voice tool. */
export function searchHandlers({ pool }: Pick<ModuleDeps, 'pool'>) {
  return {
    searchKnowledge: async (_ctx, { query, auth }) => ({
      status: 200,
      body: {
        results: await searchKnowledge(pool, auth.tenantId, query),
      },
    }),
  } satisfies SomeRouteHandlers<typeof contract>;
}
