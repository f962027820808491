import { NO_PENDING_ACTION, type PendingAction, textNumberWarning } from '@annie/contracts/trust';
import type { Pool } from '../../db/pool.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import type { SmsSending } from '../sms/index.ts';
import { type SentText, sendText } from '../sms/index.ts';
import { movePendingAction, pendingActionNumber } from './front-desk.queries.ts';
import { numberTypeOf } from './number-type.ts';

type Owner = { tenantId: string; userId: string };

/** Moves one of the user's actions from `from` to `to`; the action, or 404 when it is not in `from`. */
async function move(
  pool: Pool,
  owner: Owner,
  id: string,
  from: PendingAction['status'],
  to: PendingAction['status'],
  body?: string,
): Promise<{ to_e164: string; body: string }> {
  const action = await movePendingAction(pool, owner, id, { from, to, body });
  if (!action) throw notFound(NO_PENDING_ACTION);
  return action;
}

/**
 * The executive approves a caller's request: the text (as they edited it) is sent from the tenant's
 * number. A number that is not a mobile (premium rate, landline…) is sent to only once the executive
 * confirmed its warning: a caller's number can be spoofed. The action is claimed first, so two clicks
 * send once; if sending fails it is pending again.
 */
export async function approvePendingAction(
  pool: Pool,
  sending: SmsSending,
  owner: Owner,
  id: string,
  approval: { body: string; numberTypeConfirmed?: boolean },
): Promise<SentText | undefined> {
  const number = await pendingActionNumber(pool, owner, id);
  if (!number) throw notFound(NO_PENDING_ACTION);
  const warning = textNumberWarning(numberTypeOf(number));
  if (warning && !approval.numberTypeConfirmed) throw conflict(`${warning} Confirm to send anyway.`);
  const action = await move(pool, owner, id, 'pending', 'sending', approval.body);
  try {
    const sent = await sendText(pool, sending, owner.tenantId, { to: action.to_e164, body: action.body });
    await move(pool, owner, id, 'sending', 'sent');
    return sent;
  } catch (error) {
    await move(pool, owner, id, 'sending', 'pending');
    throw error;
  }
}

/** The executive rejects a caller's request: nothing is sent. */
export async function rejectPendingAction(pool: Pool, owner: Owner, id: string): Promise<void> {
  await move(pool, owner, id, 'pending', 'rejected');
}
