import type { CallSessionDto } from '@annie/contracts/calls';
import { formatPhone } from '@annie/ui/format';

/**
 * The other party of a phone call as Call Logs names them: their contact name when the number is a
 * contact's, else "Caller"; `number` is formatted for humans and shown only for an unknown party
 * (`e164` is the stored number, for "Add to contacts").
 */
export type CallParty = {
  name: string;
  number: string | undefined;
  e164: string | undefined;
  known: boolean;
};

/** Whom the call was with: the contact's name, or "Caller" with the number formatted for humans. */
export function callPartyOf(session: Pick<CallSessionDto, 'callerId' | 'contactName'>): CallParty {
  const e164 = session.callerId ?? undefined;
  const known = Boolean(session.contactName);
  return {
    name: session.contactName || 'Caller',
    number: e164 && !known ? formatPhone(e164) : undefined,
    e164,
    known,
  };
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

/**
 * Who said a call's `user` lines: on a phone call (either direction) the other party, by contact name or
 * "Caller"; on a browser or typed call the executive, "You" (they were on the call themselves).
 */
export function userSpeakerOf(session: Pick<CallSessionDto, 'channel' | 'callerId' | 'contactName'>): string {
  return session.channel === 'twilio' ? callPartyOf(session).name : 'You';
}

/** Where "Add to contacts" goes: the Contacts screen with the number filled in (`?add=`). */
export function addContactHref(e164: string): string {
  return `/contacts?${new URLSearchParams({ add: e164 })}`;
}

// Names the model notes when the caller gave none: never shown as if they were a name.
const PLACEHOLDER_NAMES = new Set(['', 'the caller', 'caller', 'unknown', 'unknown caller']);

/**
 * Who left a message or a request on a call, from the number they called from and the name the
 * assistant noted: the call's contact name when it is the call's known party, else the noted name (or
 * "Caller") with the number formatted, e.g. "Rita Reader · (415) 555-2671".
 */
export function senderLabelOf(party: CallParty | undefined, notedName: string, e164: string): string {
  if (party?.known && party.e164 === e164) return party.name;
  const noted = notedName.trim();
  const name = PLACEHOLDER_NAMES.has(noted.toLowerCase()) ? 'Caller' : noted;
  return `${name} · ${formatPhone(e164)}`;
}
