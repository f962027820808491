import {
  createFactRequestSchema,
  knowledgeListQuerySchema,
  updateFactRequestSchema,
} from '@annie/api-client/contracts/knowledge';
import Router from '@koa/router';
import type { DomainDeps } from '../../domain.ts';
import { notFound } from '../../lib/http-errors.ts';
import { uuidParam } from '../../lib/uuid-param.ts';
import { type AppState, authOf } from '../auth/auth-context.ts';
import { requireAdmin, requireAuth } from '../auth/require-auth.ts';
import { approveFact, createFact, deleteFact, updateFact } from './fact.service.ts';
import { toFactDto } from './knowledge.dto.ts';
import { factVersionsJson, listFactsJson } from './knowledge.queries.ts';

const FACT_NOT_FOUND = 'Fact not found';

/** /api/knowledge/facts: list, create, edit (new version), versions, approve (admin), delete. */
export function factRoutes({ pool }: Pick<DomainDeps, 'pool'>): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/knowledge/facts' });

  router.get('/', requireAuth(), async (ctx) => {
    const page = knowledgeListQuerySchema.parse(ctx.query);
    ctx.type = 'application/json';
    ctx.body = await listFactsJson(pool, authOf(ctx).tenantId, page);
  });

  router.post('/', requireAuth(), async (ctx) => {
    const input = createFactRequestSchema.parse(ctx.request.body ?? {});
    const { fact, created } = await createFact(ctx.state.em, authOf(ctx).tenantId, input);
    ctx.status = created ? 201 : 200;
    ctx.body = toFactDto(fact);
  });

  router.get('/:key/versions', requireAuth(), async (ctx) => {
    const versions = await factVersionsJson(pool, authOf(ctx).tenantId, ctx.params.key ?? '');
    if (versions === null) throw notFound(FACT_NOT_FOUND);
    ctx.type = 'application/json';
    ctx.body = versions;
  });

  router.patch('/:id', requireAuth(), async (ctx) => {
    const id = uuidParam(ctx.params.id, FACT_NOT_FOUND);
    const input = updateFactRequestSchema.parse(ctx.request.body ?? {});
    ctx.body = toFactDto(await updateFact(ctx.state.em, id, input));
  });

  router.post('/:id/approve', requireAuth(), requireAdmin(), async (ctx) => {
    const id = uuidParam(ctx.params.id, FACT_NOT_FOUND);
    ctx.body = toFactDto(await approveFact(ctx.state.em, id));
  });

  router.delete('/:id', requireAuth(), async (ctx) => {
    await deleteFact(ctx.state.em, uuidParam(ctx.params.id, FACT_NOT_FOUND));
    ctx.status = 204;
  });

  return router;
}
