import type { CallParty } from './phone-call-party.ts';

/** What the assistant is told about one phone call, appended to the compiled profile's instructions. */
export type CallBrief = {
  direction: 'inbound' | 'outbound';
  remoteE164: string;
  /** Why the executive asked for the call (`message` of call/start); empty for an inbound call. */
  purpose: string;
  party: CallParty | undefined;
};

export const PHONE_CALL_HEADING = '## This phone call';

function partyLines(party: CallParty | undefined, remoteE164: string): string[] {
  if (!party) return [`The other party's number (${remoteE164}) is not in the executive's contacts.`];
  const nickname = party.nickname ? ` (they go by ${party.nickname})` : '';
  const lines = [
    `The other party is ${party.name}${nickname}, a ${party.relationship} contact of the executive.`,
  ];
  if (party.notes?.trim()) lines.push(`The executive's notes about them: ${party.notes.trim()}`);
  return lines;
}

/**
 * The call's part of the instructions: whether the assistant placed or answered it, for what, and who
 * is on the line. Phone audio is narrowband and the other party cannot see a screen, so replies stay
 * short and spoken.
 */
export function phoneCallBrief(brief: CallBrief): string {
  const lines = ['', PHONE_CALL_HEADING];
  if (brief.direction === 'outbound') {
    lines.push(
      "You placed this telephone call on the executive's behalf. When they answer, introduce yourself by first name, say whom you are calling for, and state the purpose.",
      brief.purpose ? `Purpose of the call: ${brief.purpose}` : 'No purpose was given: ask how you can help.',
    );
  } else {
    const greeting = brief.party
      ? `Greet the caller by name (${brief.party.nickname ?? brief.party.name}).`
      : 'Greet the caller and ask for their name.';
    lines.push(
      `Someone is calling the executive's business line and you are answering. ${greeting} Take a message, or help within your tools.`,
    );
  }
  lines.push(...partyLines(brief.party, brief.remoteE164));
  lines.push(
    'This is a phone line: keep replies short and spoken, never read out links or formatting. When the conversation is over, say goodbye and then use end_call.',
  );
  return lines.join('\n');
}
