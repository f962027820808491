import * as inbox from '@annie/contracts/inbox-routes';
import * as contract from '@annie/contracts/trust-routes';
import Router from '@koa/router';
import type { Pool } from '../../db/pool.ts';
import type { AppState, AuthContext } from '../../http/app-state.ts';
import { defineRoute, jsonText } from '../../http/define-route.ts';
import { draftThreadsJson, pendingDraftCount, type SmsSending } from '../sms/index.ts';
import { listCallMessages, listPendingActions, pendingActionCount } from './front-desk.queries.ts';
import { approvePendingAction, rejectPendingAction } from './pending-action.service.ts';

/**
 * What callers left with the front desk, for the signed-in executive only (another user of the same
 * tenant sees their own): pending actions to approve or reject, and messages.
 */
export function frontDeskRoutes({ pool, sending }: { pool: Pool; sending: SmsSending }): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api' });
  const ownerOf = ({ tenantId, userId }: AuthContext) => ({ tenantId, userId });

  defineRoute(router, contract.listPendingActions, async (_ctx, { query, auth }) =>
    listPendingActions(pool, ownerOf(auth), query),
  );

  defineRoute(
    router,
    contract.approvePendingAction,
    async (_ctx, { params, body, auth }) =>
      (await approvePendingAction(pool, sending, ownerOf(auth), params.id, body)) ?? null,
  );

  defineRoute(router, contract.rejectPendingAction, async (_ctx, { params, auth }) => {
    await rejectPendingAction(pool, ownerOf(auth), params.id);
    return { rejected: true } as const;
  });

  defineRoute(router, contract.listCallMessages, async (_ctx, { query, auth }) =>
    listCallMessages(pool, ownerOf(auth), query),
  );

  // The one approvals queue's count: the tenant's threads with a draft, and this user's callers' requests.
  defineRoute(router, inbox.getApprovalsCount, async (_ctx, { auth }) => {
    const [drafts, requests] = await Promise.all([
      pendingDraftCount(pool, auth.tenantId),
      pendingActionCount(pool, ownerOf(auth)),
    ]);
    return { drafts, requests, total: drafts + requests };
  });

  // The one approvals queue: drafts (the tenant's threads) and this user's pending requests, oldest first.
  defineRoute(router, inbox.listApprovals, async (_ctx, { auth }) => {
    const [drafts, requests] = await Promise.all([
      draftThreadsJson(pool, auth.tenantId),
      listPendingActions(pool, ownerOf(auth), { status: 'pending' }),
    ]);
    return jsonText(`{"drafts":${drafts},"requests":${JSON.stringify([...requests.items].reverse())}}`);
  });

  return router;
}
