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
import type { AppState } from '../../http/app-state.ts';
import { defineRoute } from '../../http/define-route.ts';
import { notFound } from '../../lib/http-errors.ts';
import { approveFact, createFact, deleteFact, updateFact } from './fact.service.ts';
import { toFactDto } from './knowledge.dto.ts';
import { factVersionsJson, listFactsJson } from './knowledge.queries.ts';

const FACT_NOT_FOUND = 'Fact not found';

/** /api/knowledge/facts: list, create, edit (new version), versions, approve (admin), delete. */
export function factRoutes({ pool }: Pick<DomainDeps, 'pool'>): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/knowledge/facts' });

  defineRoute(
    router,
    {
      method: 'get',
      path: '/',
      summary: "List the tenant's facts (latest version of each), or one page of them",
      access: 'signed-in',
      query: knowledgeListQuerySchema,
      responses: { 200: { description: 'The facts, by key', schema: z.array(factSchema) } },
    },
    async (ctx, { query, auth }) => {
      ctx.type = 'application/json';
      ctx.body = await listFactsJson(pool, auth.tenantId, query);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/',
      summary: 'Add a fact, or a new version of the fact with the same key',
      access: 'signed-in',
      body: createFactRequestSchema,
      responses: {
        200: { description: 'A new version of an existing fact', schema: factSchema },
        201: { description: 'A new fact', schema: factSchema },
      },
    },
    async (ctx, { body, auth }) => {
      const { fact, created } = await createFact(ctx.state.em, auth.tenantId, body);
      ctx.status = created ? 201 : 200;
      ctx.body = toFactDto(fact);
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/:key/versions',
      summary: 'Every version of a fact, newest first',
      access: 'signed-in',
      params: { key: z.string() },
      notFound: FACT_NOT_FOUND,
      responses: { 200: { description: 'The versions', schema: z.array(factVersionSchema) } },
      errors: { 404: FACT_NOT_FOUND },
    },
    async (ctx, { params, auth }) => {
      const versions = await factVersionsJson(pool, auth.tenantId, params.key);
      if (versions === null) throw notFound(FACT_NOT_FOUND);
      ctx.type = 'application/json';
      ctx.body = versions;
    },
  );

  defineRoute(
    router,
    {
      method: 'patch',
      path: '/:id',
      summary: "Change a fact's value, unit or source (a new version, not yet approved)",
      access: 'signed-in',
      params: { id: z.uuid() },
      notFound: FACT_NOT_FOUND,
      body: updateFactRequestSchema,
      responses: { 200: { description: 'The new version', schema: factSchema } },
    },
    async (ctx, { params, body }) => {
      ctx.body = toFactDto(await updateFact(ctx.state.em, params.id, body));
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/:id/approve',
      summary: "Approve a fact's latest version",
      access: 'admin',
      params: { id: z.uuid() },
      notFound: FACT_NOT_FOUND,
      responses: { 200: { description: 'The approved fact', schema: factSchema } },
    },
    async (ctx, { params }) => {
      ctx.body = toFactDto(await approveFact(ctx.state.em, params.id));
    },
  );

  defineRoute(
    router,
    {
      method: 'delete',
      path: '/:id',
      summary: 'Delete a fact and its versions',
      access: 'signed-in',
      params: { id: z.uuid() },
      notFound: FACT_NOT_FOUND,
      responses: { 204: { description: 'Deleted' } },
    },
    async (ctx, { params }) => {
      await deleteFact(ctx.state.em, params.id);
      ctx.status = 204;
    },
  );

  return router;
}
