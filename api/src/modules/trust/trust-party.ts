import type { PartyKind } from '@annie/contracts/trust';
import type { Queryable } from '../../db/sql-text.ts';
import { contactByNumber, numberOwner, usernameOf } from './trust-party.queries.ts';

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
  claimedOwner: { userId: string; username: string; spokenPasscode: boolean } | null;
};

/**
 * The party of a phone call. Caller ID is trivially spoofed, so a known number only names the party;
 * it never makes them the executive. Only the contact's name and relationship are read.
 */
export async function phoneCallParty(
  db: Queryable,
  call: { tenantId: string; remoteE164: string },
): Promise<PhoneCallParty> {
  const known = await contactByNumber(db, call.tenantId, call.remoteE164);
  const claimed = await numberOwner(db, call.tenantId, call.remoteE164);
  return {
    party: {
      kind: known ? 'contact' : 'stranger',
      e164: call.remoteE164,
      name: known?.name ?? null,
      nickname: known?.nickname ?? null,
      relationship: known?.relationship ?? null,
    },
    claimedOwner: claimed
      ? { userId: claimed.user_id, username: claimed.username, spokenPasscode: claimed.spoken_passcode }
      : null,
  };
}

/** The executive's name as the assistant says it to a third party. */
export async function executiveName(db: Queryable, tenantId: string, userId: string): Promise<string> {
  return (await usernameOf(db, tenantId, userId)) ?? 'the executive';
}
