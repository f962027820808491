import * as contract from '@annie/contracts/knowledge-routes';
import type { ModuleDeps } from '../../api-module.ts';
import { jsonText, type SomeRouteHandlers } from '../../http/define-route.ts';
import { notFound } from '../../lib/http-errors.ts';
import { approveFact, createFact, deleteFact, updateFact } from './fact.service.ts';
import { toFactDto } from './knowledge.dto.ts';
import { factVersionsJson, listFactsJson } from './knowledge.queries.ts';

/** /api/knowledge/facts: list, create, edit (new version), versions, approve (admin), delete. */
export function factHandlers({ pool }: Pick<ModuleDeps, 'pool'>) {
  return {
    listFacts: async (_ctx, { query, auth }) => ({
      status: 200,
      body: jsonText(await listFactsJson(pool, auth.tenantId, query)),
    }),
    createFact: async (ctx, { body, auth }) => {
      const { fact, created } = await createFact(ctx.state.em, auth.tenantId, body);
      return { status: created ? 201 : 200, body: toFactDto(fact) };
    },
    listFactVersions: async (_ctx, { params, auth }) => {
      const versions = await factVersionsJson(pool, auth.tenantId, params.key);
      if (versions === null) throw notFound(contract.listFactVersions.notFound);
      return { status: 200, body: jsonText(versions) };
    },
    updateFact: async (ctx, { params, body }) => ({
      status: 200,
      body: toFactDto(await updateFact(ctx.state.em, params.id, body)),
    }),
    approveFact: async (ctx, { params }) => ({
      status: 200,
      body: toFactDto(await approveFact(ctx.state.em, params.id)),
    }),
    deleteFact: async (ctx, { params }) => {
      await deleteFact(ctx.state.em, params.id);
      return { status: 204 };
    },
  } satisfies SomeRouteHandlers<typeof contract>;
}
