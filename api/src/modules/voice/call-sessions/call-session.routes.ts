import {
  callSessionListQuerySchema,
  callSessionListSchema,
  endCallResponseSchema,
} from '@annie/api-client/contracts/calls';
import Router from '@koa/router';
import { z } from 'zod';
import type { DomainDeps } from '../../../domain.ts';
import type { AppState } from '../../../http/app-state.ts';
import { defineRoute } from '../../../http/define-route.ts';
import { listCallSessionsJson } from './call-session.queries.ts';
import { CALL_NOT_FOUND, endCallSession } from './call-session.service.ts';

/** /api/call-sessions (Call History) and POST /api/calls/:id/end (a browser call or a typed call ends its session). */
export function callSessionRoutes({ pool }: Pick<DomainDeps, 'pool'>): Router<AppState> {
  const router = new Router<AppState>();

  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/call-sessions',
      summary: "The caller's call sessions (phone and browser), newest first, a page at a time",
      description:
        'Pages: `limit` (default 50, at most 100) sessions started before the session `before` (the id of the last one of the previous page). Each transcript is the stored lines, or the linked voice conversation’s messages.',
      access: 'signed-in',
      query: callSessionListQuerySchema,
      responses: { 200: { description: 'The call sessions', schema: callSessionListSchema } },
    },
    async (ctx, { query, auth }) => {
      ctx.type = 'application/json';
      ctx.body = await listCallSessionsJson(pool, auth, query);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/calls/:id/end',
      summary: 'End one of the caller’s calls (again: no change)',
      access: 'signed-in',
      params: { id: z.uuid() },
      notFound: CALL_NOT_FOUND,
      responses: { 200: { description: 'The call, ended', schema: endCallResponseSchema } },
    },
    async (ctx, { params, auth: { tenantId, userId } }) => {
      const session = await endCallSession(ctx.state.em, { tenantId, userId, id: params.id });
      ctx.body = { id: session.id, endedAt: (session.endedAt ?? new Date()).toISOString() };
    },
  );

  return router;
}
