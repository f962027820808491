import type { TrustParty } from '../../trust/index.ts';
import { EXECUTIVE_ON_PHONE_BRIEF, thirdPartyBrief } from '../../trust/index.ts';

/** What the assistant is told about one phone call, appended to the compiled profile's instructions. */
export type CallBrief = {
  direction: 'inbound' | 'outbound';
  remoteE164: string;
  /** Why the executive asked for the call (`message` of call/start); empty for an inbound call. */
  purpose: string;
  party: TrustParty;
  executiveName: string;
  /** The caller's number is the executive's own: the passcode check is offered. */
  ownerCheck: boolean;
  /** The passcode may also be said (the owner allowed it); otherwise only keyed. */
  spokenPasscode?: boolean;
  /** The voice profile the executive chose for an outbound call; absent or null: the default one. */
  profileId?: string | null;
};

export const PHONE_CALL_HEADING = '## This phone call';

/**
 * The call's part of the instructions: whether the assistant placed or answered it, for what, and who
 * is on the line and what they may have done (the trust model's brief). Phone audio is narrowband and
 * the other party cannot see a screen, so replies stay short and spoken.
 */
export function phoneCallBrief(brief: CallBrief): string {
  const lines = ['', PHONE_CALL_HEADING];
  const { party } = brief;
  if (brief.direction === 'outbound') {
    lines.push(
      `You placed this telephone call on ${brief.executiveName}'s behalf. When they answer, introduce yourself by first name, say whom you are calling for, and state the purpose.`,
      brief.purpose ? `Purpose of the call: ${brief.purpose}` : 'No purpose was given: ask how you can help.',
    );
  } else if (party.kind !== 'executive') {
    lines.push(
      `Someone is calling ${brief.executiveName}'s business line and you are answering. Greet the caller and ask for their name.`,
    );
  }
  lines.push(
    'This is a phone line: keep replies short and spoken, never read out links or formatting. When the conversation is over, say goodbye and then use end_call.',
  );
  const partyPart =
    party.kind === 'executive'
      ? EXECUTIVE_ON_PHONE_BRIEF
      : thirdPartyBrief({
          party,
          executiveName: brief.executiveName,
          ownerCheck: brief.ownerCheck,
          callerIdOnly: brief.direction === 'inbound',
          spokenPasscode: brief.spokenPasscode,
        });
  return `${lines.join('\n')}\n${partyPart}`;
}
