import * as contract from '@annie/contracts/typed-calls-routes';
import Router from '@koa/router';
import { ormQueryable } from '../../../db/scoped-sql.ts';
import type { AppState } from '../../../http/app-state.ts';
import { defineRoutes } from '../../../http/define-route.ts';
import { assertWithinBudget } from '../../usage/index.ts';
import { startCallSession } from '../call-sessions/index.ts';
import { type AssistDeps, assistInCall } from './typed-call.service.ts';

/** The simple call page: POST /api/calls/start opens a typed call, POST /api/voice/assist answers its messages. */
export function typedCallRoutes(deps: AssistDeps) {
  return defineRoutes(new Router<AppState>(), contract, {
    startCall: async (ctx, { auth: { tenantId, userId } }) => {
      await assertWithinBudget(ormQueryable(ctx.state.em), tenantId);
      const session = await startCallSession(ctx.state.em, { tenantId, userId, channel: 'web' });
      return { status: 201, body: { id: session.id } };
    },
    assist: async (ctx, { body, auth }) => ({
      status: 200,
      body: {
        response: await assistInCall(deps, ctx.state.em, auth, body),
      },
    }),
  });
}
