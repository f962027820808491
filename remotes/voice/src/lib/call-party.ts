import type { CallSessionDto } from '@annie/api-client/contracts/calls';
import { formatPhone } from '@annie/ui/format';

/** The other party of a phone call as Call History names them: their contact name, else their number. */
export type CallParty = { name: string; number: string | undefined };

/** Whom the call was with: the contact's name and the number formatted for humans ("Caller" without one). */
export function callPartyOf(session: Pick<CallSessionDto, 'callerId' | 'contactName'>): CallParty {
  const number = session.callerId ? formatPhone(session.callerId) : undefined;
  return { name: session.contactName ?? number ?? 'Caller', number };
}

/** "To Daniel Osei · (650) 555-0111", "From (415) 555-2671": the party line of a phone call. */
export function partyLineOf(session: Pick<CallSessionDto, 'callerId' | 'contactName' | 'direction'>): string {
  const party = callPartyOf(session);
  const who = party.number && party.number !== party.name ? `${party.name} · ${party.number}` : party.name;
  return `${session.direction === 'outbound' ? 'To' : 'From'} ${who}`;
}

/**
 * A phone call's direction; null for a browser or typed call, where the executive themselves spoke (those
 * sessions are stored as outbound, the executive having started them).
 */
export function phoneDirectionOf(
  session: Pick<CallSessionDto, 'channel' | 'direction'>,
): CallSessionDto['direction'] {
  return session.channel === 'twilio' ? session.direction : null;
}
