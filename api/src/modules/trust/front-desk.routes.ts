import { sendSmsResponseSchema } from '@annie/api-client/contracts/sms';
import {
  approvePendingActionSchema,
  callMessageListQuerySchema,
  callMessageListSchema,
  pendingActionListQuerySchema,
  pendingActionListSchema,
} from '@annie/api-client/contracts/trust';
import Router from '@koa/router';
import { z } from 'zod';
import type { Pool } from '../../db/pool.ts';
import type { AppState, AuthContext } from '../../http/app-state.ts';
import { defineRoute } from '../../http/define-route.ts';
import type { SmsSending } from '../sms/index.ts';
import { listCallMessages, listPendingActions } from './front-desk.queries.ts';
import { approvePendingAction, NO_PENDING_ACTION, rejectPendingAction } from './pending-action.service.ts';

const idParam = { id: z.uuid() };

/**
 * What callers left with the front desk, for the signed-in executive only (another user of the same
 * tenant sees their own): pending actions to approve or reject, and messages.
 */
export function frontDeskRoutes({ pool, sending }: { pool: Pool; sending: SmsSending }): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api' });
  const ownerOf = ({ tenantId, userId }: AuthContext) => ({ tenantId, userId });

  defineRoute(
    router,
    {
      method: 'get',
      path: '/pending-actions',
      summary: "The signed-in user's requests from callers, newest first, with the pending count",
      access: 'signed-in',
      query: pendingActionListQuerySchema,
      responses: { 200: { description: 'The requests', schema: pendingActionListSchema } },
    },
    async (ctx, { query, auth }) => {
      ctx.body = await listPendingActions(pool, ownerOf(auth), query);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/pending-actions/:id/approve',
      summary: "Send a caller's requested text, as the user edited it",
      access: 'signed-in',
      params: idParam,
      notFound: NO_PENDING_ACTION,
      body: approvePendingActionSchema,
      responses: { 200: { description: 'Where the sent text was stored', schema: sendSmsResponseSchema } },
      errors: {
        404: 'No such request, or it is not pending',
        409: 'The number opted out, or it is not a mobile and numberTypeConfirmed was not given',
      },
    },
    async (ctx, { params, body, auth }) => {
      ctx.body = (await approvePendingAction(pool, sending, ownerOf(auth), params.id, body)) ?? null;
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/pending-actions/:id/reject',
      summary: "Reject a caller's request; nothing is sent",
      access: 'signed-in',
      params: idParam,
      notFound: NO_PENDING_ACTION,
      responses: { 200: { description: 'Rejected', schema: z.object({ rejected: z.literal(true) }) } },
      errors: { 404: 'No such request, or it is not pending' },
    },
    async (ctx, { params, auth }) => {
      await rejectPendingAction(pool, ownerOf(auth), params.id);
      ctx.body = { rejected: true };
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/call-messages',
      summary: 'Messages callers left for the signed-in user, newest first',
      access: 'signed-in',
      query: callMessageListQuerySchema,
      responses: { 200: { description: 'The messages', schema: callMessageListSchema } },
    },
    async (ctx, { query, auth }) => {
      ctx.body = await listCallMessages(pool, ownerOf(auth), query);
    },
  );

  return router;
}
