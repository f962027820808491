import type { PartyKind } from '@annie/api-client/contracts/trust';
import type { Queryable } from '../../db/sql-text.ts';

/** A third party as the assistant may be told about them: no notes, nothing the executive wrote. */
export type ThirdParty = {
  kind: Exclude<PartyKind, 'executive'>;
  e164: string;
  /** From the contacts, when the number is a known contact's. */
  name: string | null;
  nickname: string | null;
  relationship: string | null;
};

/**
 * Who the assistant is talking to. The executive is signed in (browser) or proved the phone passcode;
 * everyone else — a contact, a stranger, whoever an outbound call reaches — is a third party.
 */
export type TrustParty = { kind: 'executive'; userId: string } | ThirdParty;

/** A phone call's party before any proof: a third party, and the user who owns the number, if one does. */
export type PhoneCallParty = {
  party: ThirdParty;
  /** The user who registered the caller's number as their own: the passcode may prove it is them. */
  claimedOwner: { userId: string; username: string } | null;
};

/**
 * The party of a phone call. Caller ID is trivially spoofed, so a known number only names the party;
 * it never makes them the executive. Only the contact's name and relationship are read.
 */
export async function phoneCallParty(
  db: Queryable,
  call: { tenantId: string; remoteE164: string },
): Promise<PhoneCallParty> {
  const contact = await db.query<{ name: string; nickname: string | null; relationship: string }>(
    `select name, nickname, relationship from contact
     where tenant_id = $1 and phone_primary = $2 order by created_at limit 1`,
    [call.tenantId, call.remoteE164],
  );
  const owner = await db.query<{ user_id: string; username: string }>(
    `select a.user_id, u.username from phone_access a join app_user u on u.id = a.user_id
     where a.tenant_id = $1 and $2 = any(a.numbers) and a.passcode_hash is not null
       and u.deleted_at is null
     order by a.created_at limit 1`,
    [call.tenantId, call.remoteE164],
  );
  const known = contact.rows[0];
  const claimed = owner.rows[0];
  return {
    party: {
      kind: known ? 'contact' : 'stranger',
      e164: call.remoteE164,
      name: known?.name ?? null,
      nickname: known?.nickname ?? null,
      relationship: known?.relationship ?? null,
    },
    claimedOwner: claimed ? { userId: claimed.user_id, username: claimed.username } : null,
  };
}

/** The executive's name as the assistant says it to a third party. */
export async function executiveName(db: Queryable, tenantId: string, userId: string): Promise<string> {
  const { rows } = await db.query<{ username: string }>(
    'select username from app_user where tenant_id = $1 and id = $2',
    [tenantId, userId],
  );
  return rows[0]?.username ?? 'the executive';
}
