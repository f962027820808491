import * as contract from '@annie/contracts/knowledge-routes';
import Router from '@koa/router';
import type { DomainDeps } from '../../domain.ts';
import type { AppState } from '../../http/app-state.ts';
import { defineRoute, jsonText } from '../../http/define-route.ts';
import { notFound } from '../../lib/http-errors.ts';
import { approveFact, createFact, deleteFact, updateFact } from './fact.service.ts';
import { toFactDto } from './knowledge.dto.ts';
import { factVersionsJson, listFactsJson } from './knowledge.queries.ts';

/** /api/knowledge/facts: list, create, edit (new version), versions, approve (admin), delete. */
export function factRoutes({ pool }: Pick<DomainDeps, 'pool'>): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/knowledge/facts' });

  defineRoute(router, contract.listFacts, async (_ctx, { query, auth }) =>
    jsonText(await listFactsJson(pool, auth.tenantId, query)),
  );

  defineRoute(router, contract.createFact, async (ctx, { body, auth }) => {
    const { fact, created } = await createFact(ctx.state.em, auth.tenantId, body);
    ctx.status = created ? 201 : 200;
    return toFactDto(fact);
  });

  defineRoute(router, contract.listFactVersions, async (_ctx, { params, auth }) => {
    const versions = await factVersionsJson(pool, auth.tenantId, params.key);
    if (versions === null) throw notFound(contract.listFactVersions.notFound);
    return jsonText(versions);
  });

  defineRoute(router, contract.updateFact, async (ctx, { params, body }) =>
    toFactDto(await updateFact(ctx.state.em, params.id, body)),
  );

  defineRoute(router, contract.approveFact, async (ctx, { params }) =>
    toFactDto(await approveFact(ctx.state.em, params.id)),
  );

  defineRoute(router, contract.deleteFact, async (ctx, { params }) => {
    await deleteFact(ctx.state.em, params.id);
    ctx.status = 204;
  });

  return router;
}
