import * as knowledgeRoutes from '@annie/contracts/knowledge-routes';
import Router from '@koa/router';
import type { ApiModule } from '../../api-module.ts';
import type { AppState } from '../../http/app-state.ts';
import { defineRoutes } from '../../http/define-route.ts';
import { KnowledgeFactSchema } from './fact.entity.ts';
import { factHandlers } from './fact.routes.ts';
import { KnowledgeFactVersionSchema } from './fact-version.entity.ts';
import { Migration20261122010000_knowledge } from './migrations/Migration20261122010000_knowledge.ts';
import { Migration20261122010100_knowledge_search_indexes } from './migrations/Migration20261122010100_knowledge_search_indexes.ts';
import { Migration20261126110100_knowledge_shareable } from './migrations/Migration20261126110100_knowledge_shareable.ts';
import { KnowledgeNoteSchema } from './note.entity.ts';
import { noteHandlers } from './note.routes.ts';
import { searchHandlers } from './search.routes.ts';

/** Knowledge base: versioned facts, notes, and the full-text search the assistant uses. */
export const knowledgeModule: ApiModule = {
  name: 'knowledge',
  entities: [KnowledgeFactSchema, KnowledgeFactVersionSchema, KnowledgeNoteSchema],
  migrations: [
    { name: 'Migration20261122010000_knowledge', class: Migration20261122010000_knowledge },
    {
      name: 'Migration20261122010100_knowledge_search_indexes',
      class: Migration20261122010100_knowledge_search_indexes,
    },
    {
      name: 'Migration20261126110100_knowledge_shareable',
      class: Migration20261126110100_knowledge_shareable,
    },
  ],
  create: (deps) => ({
    routers: [
      defineRoutes(new Router<AppState>(), knowledgeRoutes, {
        ...factHandlers(deps),
        ...noteHandlers(deps),
        ...searchHandlers(deps),
      }),
    ],
  }),
};
