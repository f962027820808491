import type { CallMessage, PendingAction } from '@annie/contracts/trust';
import { runScoped, userSql } from '../../db/scoped-sql.ts';
import { isoSql, type Queryable } from '../../db/sql-text.ts';
import { numberTypeOf } from './number-type.ts';

/** Whose front desk took it: the tenant, the executive it is for, the call it came in on. */
export type FrontDeskScope = { tenantId: string; userId: string; callSessionId: string | null };

const STORE_CALL_MESSAGE_SQL = userSql(`
  insert into call_message (id, tenant_id, user_id, call_session_id, caller_name, caller_e164, body)
  values (gen_random_uuid(), $1, $2, $3, $4, $5, $6) returning id`);

const STORE_PENDING_ACTION_SQL = userSql(`
  insert into pending_action
    (id, tenant_id, user_id, call_session_id, kind, to_e164, body, requested_by, requested_by_e164)
  values (gen_random_uuid(), $1, $2, $3, 'send_text', $4, $5, $6, $7) returning id`);

/** Stores a caller's message for the executive. It is shown to them; it is never given to the model. */
export async function storeCallMessage(
  db: Queryable,
  scope: FrontDeskScope,
  message: { callerName: string; callerE164: string; body: string },
): Promise<string> {
  const rows = await runScoped<{ id: string }>(db, scope, STORE_CALL_MESSAGE_SQL, [
    scope.callSessionId,
    message.callerName,
    message.callerE164,
    message.body,
  ]);
  return rows[0]?.id ?? '';
}

/** Records what a caller asked to be sent; nothing is sent until the executive approves it. */
export async function storePendingAction(
  db: Queryable,
  scope: FrontDeskScope,
  action: { toE164: string; body: string; requestedBy: string; requestedByE164: string },
): Promise<string> {
  const rows = await runScoped<{ id: string }>(db, scope, STORE_PENDING_ACTION_SQL, [
    scope.callSessionId,
    action.toE164,
    action.body,
    action.requestedBy,
    action.requestedByE164,
  ]);
  return rows[0]?.id ?? '';
}

const ACTION_COLUMNS = `id, kind, status, to_e164 as "toE164", body, requested_by as "requestedBy",
  requested_by_e164 as "requestedByE164", call_session_id as "callSessionId",
  ${isoSql('created_at')} as "createdAt",
  case when decided_at is null then null else ${isoSql('decided_at')} end as "decidedAt"`;

const LIST_PENDING_ACTIONS_SQL = userSql(`
  select ${ACTION_COLUMNS} from pending_action
  where tenant_id = $1 and user_id = $2 and ($3::text is null or status = $3)
    and ($4::uuid is null or call_session_id = $4)
  order by created_at desc, id limit 200`);

const COUNT_PENDING_SQL = userSql(`
  select count(*)::int as count from pending_action
  where tenant_id = $1 and user_id = $2 and status = 'pending'`);

const LIST_CALL_MESSAGES_SQL = userSql(`
  select id, call_session_id as "callSessionId", caller_name as "callerName",
    caller_e164 as "callerE164", body, ${isoSql('created_at')} as "createdAt"
  from call_message
  where tenant_id = $1 and user_id = $2 and ($3::uuid is null or call_session_id = $3)
  order by created_at desc, id limit 200`);

/** One user's pending actions, newest first, optionally of one status or one call. */
export async function listPendingActions(
  db: Queryable,
  owner: { tenantId: string; userId: string },
  filter: { status?: PendingAction['status']; callSessionId?: string },
): Promise<{ items: PendingAction[]; pendingCount: number }> {
  const rows = await runScoped<Omit<PendingAction, 'toNumberType'>>(db, owner, LIST_PENDING_ACTIONS_SQL, [
    filter.status ?? null,
    filter.callSessionId ?? null,
  ]);
  const count = await runScoped<{ count: number }>(db, owner, COUNT_PENDING_SQL);
  const items = rows.map((row) => ({ ...row, toNumberType: numberTypeOf(row.toE164) }));
  return { items, pendingCount: count[0]?.count ?? 0 };
}

/** How many of one user's requests from callers wait for approval. */
export async function pendingActionCount(
  db: Queryable,
  owner: { tenantId: string; userId: string },
): Promise<number> {
  const count = await runScoped<{ count: number }>(db, owner, COUNT_PENDING_SQL);
  return count[0]?.count ?? 0;
}

/** One user's call messages, newest first, optionally of one call. */
export async function listCallMessages(
  db: Queryable,
  owner: { tenantId: string; userId: string },
  filter: { callSessionId?: string },
): Promise<CallMessage[]> {
  return runScoped<CallMessage>(db, owner, LIST_CALL_MESSAGES_SQL, [filter.callSessionId ?? null]);
}

const MOVE_PENDING_ACTION_SQL = userSql(`
  update pending_action set status = $4, body = coalesce($6, body),
    decided_at = case when $4 = 'pending' then null else now() end
  where tenant_id = $1 and user_id = $2 and id = $3 and status = $5
  returning to_e164, body`);

/** Moves one of the user's actions from one status to another (and sets its body, if given); undefined when it is not in `from`. */
export async function movePendingAction(
  db: Queryable,
  owner: { tenantId: string; userId: string },
  id: string,
  change: { from: PendingAction['status']; to: PendingAction['status']; body?: string },
): Promise<{ to_e164: string; body: string } | undefined> {
  const rows = await runScoped<{ to_e164: string; body: string }>(db, owner, MOVE_PENDING_ACTION_SQL, [
    id,
    change.to,
    change.from,
    change.body ?? null,
  ]);
  return rows[0];
}

const PENDING_NUMBER_SQL = userSql(`
  select to_e164 from pending_action where tenant_id = $1 and user_id = $2 and id = $3 and status = 'pending'`);

/** The number one of the user's pending actions would text; undefined when it is not pending. */
export async function pendingActionNumber(
  db: Queryable,
  owner: { tenantId: string; userId: string },
  id: string,
): Promise<string | undefined> {
  const rows = await runScoped<{ to_e164: string }>(db, owner, PENDING_NUMBER_SQL, [id]);
  return rows[0]?.to_e164;
}
