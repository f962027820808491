import type * as inbox from '@annie/contracts/inbox-routes';
import type * as contract from '@annie/contracts/trust-routes';
import type { Pool } from '../../db/pool.ts';
import type { AuthContext } from '../../http/app-state.ts';
import { jsonText, type SomeRouteHandlers } from '../../http/define-route.ts';
import { draftThreadsJson, pendingDraftCount, type SmsSending } from '../sms/index.ts';
import { listCallMessages, listPendingActions, pendingActionCount } from './front-desk.queries.ts';
import { approvePendingAction, rejectPendingAction } from './pending-action.service.ts';

/**
 * What callers left with the front desk, for the signed-in executive only (another user of the same
 * tenant sees their own): pending actions to approve or reject, and messages.
 */
export function frontDeskHandlers({ pool, sending }: { pool: Pool; sending: SmsSending }) {
  const ownerOf = ({ tenantId, userId }: AuthContext) => ({ tenantId, userId });

  // The one approvals queue's count: the tenant's threads with a draft, and this user's callers' requests.

  // The one approvals queue: drafts (the tenant's threads) and this user's pending requests, oldest first.

  return {
    contract: {
      listPendingActions: async (_ctx, { query, auth }) => ({
        status: 200,
        body: await listPendingActions(pool, ownerOf(auth), query),
      }),
      approvePendingAction: async (_ctx, { params, body, auth }) => ({
        status: 200,
        body: (await approvePendingAction(pool, sending, ownerOf(auth), params.id, body)) ?? null,
      }),
      rejectPendingAction: async (_ctx, { params, auth }) => {
        await rejectPendingAction(pool, ownerOf(auth), params.id);
        return { status: 200, body: { rejected: true } as const };
      },
      listCallMessages: async (_ctx, { query, auth }) => ({
        status: 200,
        body: await listCallMessages(pool, ownerOf(auth), query),
      }),
    } satisfies SomeRouteHandlers<typeof contract>,
    inbox: {
      getApprovalsCount: async (_ctx, { auth }) => {
        const [drafts, requests] = await Promise.all([
          pendingDraftCount(pool, auth.tenantId),
          pendingActionCount(pool, ownerOf(auth)),
        ]);
        return { status: 200, body: { drafts, requests, total: drafts + requests } };
      },
      listApprovals: async (_ctx, { auth }) => {
        const [drafts, requests] = await Promise.all([
          draftThreadsJson(pool, auth.tenantId),
          listPendingActions(pool, ownerOf(auth), { status: 'pending' }),
        ]);
        return {
          status: 200,
          body: jsonText(`{"drafts":${drafts},"requests":${JSON.stringify([...requests.items].reverse())}}`),
        };
      },
    } satisfies SomeRouteHandlers<typeof inbox>,
  };
}
