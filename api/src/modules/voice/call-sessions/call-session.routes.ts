import {
  callSessionListQuerySchema,
  callSessionListSchema,
  endCallResponseSchema,
} from '@annie/api-client/contracts/calls';
import Router from '@koa/router';
import { z } from 'zod';
import type { DomainDeps } from '../../../domain.ts';
import { type AppState, authOf } from '../../../http/app-state.ts';
import { requireAuth } from '../../../http/require-auth.ts';
import { uuidParam } from '../../../lib/uuid-param.ts';
import { routeDoc } from '../../../openapi/route-doc.ts';
import { listCallSessionsJson } from './call-session.queries.ts';
import { CALL_NOT_FOUND, endCallSession } from './call-session.service.ts';

/** /api/call-sessions (Call History) and POST /api/calls/:id/end (a browser call or a typed call ends its session). */
export function callSessionRoutes({ pool }: Pick<DomainDeps, 'pool'>): Router<AppState> {
  const router = new Router<AppState>();

  router.get(
    '/api/call-sessions',
    routeDoc({
      summary: "The caller's call sessions (phone and browser), newest first, a page at a time",
      description:
        'Pages: `limit` (default 50, at most 100) sessions started before the session `before` (the id of the last one of the previous page). Each transcript is the stored lines, or the linked voice conversation’s messages.',
      access: 'signed-in',
      query: callSessionListQuerySchema,
      responses: { 200: { description: 'The call sessions', schema: callSessionListSchema } },
    }),
    requireAuth(),
    async (ctx) => {
      const page = callSessionListQuerySchema.parse(ctx.query);
      ctx.type = 'application/json';
      ctx.body = await listCallSessionsJson(pool, authOf(ctx), page);
    },
  );

  router.post(
    '/api/calls/:id/end',
    routeDoc({
      summary: 'End one of the caller’s calls (again: no change)',
      access: 'signed-in',
      params: { id: z.uuid() },
      responses: { 200: { description: 'The call, ended', schema: endCallResponseSchema } },
    }),
    requireAuth(),
    async (ctx) => {
      const { tenantId, userId } = authOf(ctx);
      const id = uuidParam(ctx.params.id, CALL_NOT_FOUND);
      const session = await endCallSession(ctx.state.em, { tenantId, userId, id });
      ctx.body = { id: session.id, endedAt: (session.endedAt ?? new Date()).toISOString() };
    },
  );

  return router;
}
