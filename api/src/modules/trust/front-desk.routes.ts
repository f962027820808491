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
import { type AppState, authOf } from '../../http/app-state.ts';
import { requireAuth } from '../../http/require-auth.ts';
import { uuidParam } from '../../lib/uuid-param.ts';
import { routeDoc } from '../../openapi/route-doc.ts';
import type { SmsSending } from '../sms/sms-sending.ts';
import { listCallMessages, listPendingActions } from './front-desk.store.ts';
import { approvePendingAction, NO_PENDING_ACTION, rejectPendingAction } from './pending-action.service.ts';

const idParam = { id: z.uuid() };

/**
 * What callers left with the front desk, for the signed-in executive only (another user of the same
 * tenant sees their own): pending actions to approve or reject, and messages.
 */
export function frontDeskRoutes({ pool, sending }: { pool: Pool; sending: SmsSending }): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api' });
  const ownerOf = (ctx: { state: AppState }) => {
    const { tenantId, userId } = authOf(ctx);
    return { tenantId, userId };
  };

  router.get(
    '/pending-actions',
    routeDoc({
      summary: "The signed-in user's requests from callers, newest first, with the pending count",
      access: 'signed-in',
      query: pendingActionListQuerySchema,
      responses: { 200: { description: 'The requests', schema: pendingActionListSchema } },
    }),
    requireAuth(),
    async (ctx) => {
      const filter = pendingActionListQuerySchema.parse(ctx.query);
      ctx.body = await listPendingActions(pool, ownerOf(ctx), filter);
    },
  );

  router.post(
    '/pending-actions/:id/approve',
    routeDoc({
      summary: "Send a caller's requested text, as the user edited it",
      access: 'signed-in',
      params: idParam,
      body: approvePendingActionSchema,
      responses: { 200: { description: 'Where the sent text was stored', schema: sendSmsResponseSchema } },
      errors: { 404: 'No such request, or it is not pending', 409: 'The number opted out' },
    }),
    requireAuth(),
    async (ctx) => {
      const id = uuidParam(ctx.params.id, NO_PENDING_ACTION);
      const { body } = approvePendingActionSchema.parse(ctx.request.body ?? {});
      ctx.body = (await approvePendingAction(pool, sending, ownerOf(ctx), id, body)) ?? null;
    },
  );

  router.post(
    '/pending-actions/:id/reject',
    routeDoc({
      summary: "Reject a caller's request; nothing is sent",
      access: 'signed-in',
      params: idParam,
      responses: { 200: { description: 'Rejected', schema: z.object({ rejected: z.literal(true) }) } },
      errors: { 404: 'No such request, or it is not pending' },
    }),
    requireAuth(),
    async (ctx) => {
      await rejectPendingAction(pool, ownerOf(ctx), uuidParam(ctx.params.id, NO_PENDING_ACTION));
      ctx.body = { rejected: true };
    },
  );

  router.get(
    '/call-messages',
    routeDoc({
      summary: 'Messages callers left for the signed-in user, newest first',
      access: 'signed-in',
      query: callMessageListQuerySchema,
      responses: { 200: { description: 'The messages', schema: callMessageListSchema } },
    }),
    requireAuth(),
    async (ctx) => {
      const filter = callMessageListQuerySchema.parse(ctx.query);
      ctx.body = await listCallMessages(pool, ownerOf(ctx), filter);
    },
  );

  return router;
}
