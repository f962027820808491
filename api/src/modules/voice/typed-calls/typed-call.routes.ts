import {
  assistRequestSchema,
  assistResponseSchema,
  startCallResponseSchema,
} from '@annie/api-client/contracts/calls';
import Router from '@koa/router';
import { ormQueryable } from '../../../db/scoped-sql.ts';
import type { AppState } from '../../../http/app-state.ts';
import { defineRoute } from '../../../http/define-route.ts';
import { assertWithinBudget } from '../../usage/index.ts';
import { startCallSession } from '../call-sessions/index.ts';
import { ASSIST_NOT_CONFIGURED, type AssistDeps, assistInCall, CALL_ENDED } from './typed-call.service.ts';

/** The simple call page: POST /api/calls/start opens a typed call, POST /api/voice/assist answers its messages. */
export function typedCallRoutes(deps: AssistDeps): Router<AppState> {
  const router = new Router<AppState>();

  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/calls/start',
      summary: 'Start a call on the simple call page (channel web)',
      access: 'signed-in',
      responses: { 201: { description: 'The call id', schema: startCallResponseSchema } },
      errors: { 402: "The month's usage budget is spent and the tenant's hard stop refuses new calls" },
    },
    async (ctx, { auth: { tenantId, userId } }) => {
      await assertWithinBudget(ormQueryable(ctx.state.em), tenantId);
      const session = await startCallSession(ctx.state.em, { tenantId, userId, channel: 'web' });
      ctx.status = 201;
      ctx.body = { id: session.id };
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/voice/assist',
      summary: 'Answer a message typed during one of the caller’s calls (simple call page)',
      description:
        'The reply comes from OpenAI with the tenant’s persona and the knowledge base’s top matches for the message; the message and the reply join the call’s transcript.',
      access: 'signed-in',
      body: assistRequestSchema,
      responses: { 200: { description: 'The reply', schema: assistResponseSchema } },
      errors: {
        404: 'The call is not one of the caller’s',
        409: CALL_ENDED,
        502: 'OpenAI failed to answer',
        503: `${ASSIST_NOT_CONFIGURED}; or the database is briefly unavailable`,
      },
    },
    async (ctx, { body, auth }) => {
      const response = await assistInCall(deps, ctx.state.em, auth, body);
      ctx.body = { response };
    },
  );

  return router;
}
