import {
  createFactRequestSchema,
  factSchema,
  factVersionSchema,
  knowledgeListQuerySchema,
  updateFactRequestSchema,
} from '@annie/api-client/contracts/knowledge';
import Router from '@koa/router';
import { z } from 'zod';
import type { DomainDeps } from '../../domain.ts';
import { type AppState, authOf } from '../../http/app-state.ts';
import { requireAdmin, requireAuth } from '../../http/require-auth.ts';
import { notFound } from '../../lib/http-errors.ts';
import { uuidParam } from '../../lib/uuid-param.ts';
import { routeDoc } from '../../openapi/route-doc.ts';
import { approveFact, createFact, deleteFact, updateFact } from './fact.service.ts';
import { toFactDto } from './knowledge.dto.ts';
import { factVersionsJson, listFactsJson } from './knowledge.queries.ts';

const FACT_NOT_FOUND = 'Fact not found';

/** /api/knowledge/facts: list, create, edit (new version), versions, approve (admin), delete. */
export function factRoutes({ pool }: Pick<DomainDeps, 'pool'>): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/knowledge/facts' });

  router.get(
    '/',
    routeDoc({
      summary: "List the tenant's facts (latest version of each), or one page of them",
      access: 'signed-in',
      query: knowledgeListQuerySchema,
      responses: { 200: { description: 'The facts, by key', schema: z.array(factSchema) } },
    }),
    requireAuth(),
    async (ctx) => {
      const page = knowledgeListQuerySchema.parse(ctx.query);
      ctx.type = 'application/json';
      ctx.body = await listFactsJson(pool, authOf(ctx).tenantId, page);
    },
  );

  router.post(
    '/',
    routeDoc({
      summary: 'Add a fact, or a new version of the fact with the same key',
      access: 'signed-in',
      body: createFactRequestSchema,
      responses: {
        200: { description: 'A new version of an existing fact', schema: factSchema },
        201: { description: 'A new fact', schema: factSchema },
      },
    }),
    requireAuth(),
    async (ctx) => {
      const input = createFactRequestSchema.parse(ctx.request.body ?? {});
      const { fact, created } = await createFact(ctx.state.em, authOf(ctx).tenantId, input);
      ctx.status = created ? 201 : 200;
      ctx.body = toFactDto(fact);
    },
  );

  router.get(
    '/:key/versions',
    routeDoc({
      summary: 'Every version of a fact, newest first',
      access: 'signed-in',
      responses: { 200: { description: 'The versions', schema: z.array(factVersionSchema) } },
      errors: { 404: FACT_NOT_FOUND },
    }),
    requireAuth(),
    async (ctx) => {
      const versions = await factVersionsJson(pool, authOf(ctx).tenantId, ctx.params.key ?? '');
      if (versions === null) throw notFound(FACT_NOT_FOUND);
      ctx.type = 'application/json';
      ctx.body = versions;
    },
  );

  router.patch(
    '/:id',
    routeDoc({
      summary: "Change a fact's value, unit or source (a new version, not yet approved)",
      access: 'signed-in',
      params: { id: z.uuid() },
      body: updateFactRequestSchema,
      responses: { 200: { description: 'The new version', schema: factSchema } },
    }),
    requireAuth(),
    async (ctx) => {
      const id = uuidParam(ctx.params.id, FACT_NOT_FOUND);
      const input = updateFactRequestSchema.parse(ctx.request.body ?? {});
      ctx.body = toFactDto(await updateFact(ctx.state.em, id, input));
    },
  );

  router.post(
    '/:id/approve',
    routeDoc({
      summary: "Approve a fact's latest version",
      access: 'admin',
      params: { id: z.uuid() },
      responses: { 200: { description: 'The approved fact', schema: factSchema } },
    }),
    requireAuth(),
    requireAdmin(),
    async (ctx) => {
      const id = uuidParam(ctx.params.id, FACT_NOT_FOUND);
      ctx.body = toFactDto(await approveFact(ctx.state.em, id));
    },
  );

  router.delete(
    '/:id',
    routeDoc({
      summary: 'Delete a fact and its versions',
      access: 'signed-in',
      params: { id: z.uuid() },
      responses: { 204: { description: 'Deleted' } },
    }),
    requireAuth(),
    async (ctx) => {
      await deleteFact(ctx.state.em, uuidParam(ctx.params.id, FACT_NOT_FOUND));
      ctx.status = 204;
    },
  );

  return router;
}
