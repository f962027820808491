import type { BridgeTranscriptEntry } from '../bridge/index.ts';
import type { PhoneCallRow } from './phone-call.queries.ts';
import type { CallSessionRecorder } from './phone-call-sessions.ts';

/**
 * A stream that closed without Twilio's `stop` (the network, or Twilio's side) may come back on a new
 * stream through the <Connect action>; if none has taken the call over by then, the call is over.
 */
export const STREAM_LOST_WAIT_MS = 10_000;

/** Told to the model when a call comes back on a new stream: it carries on rather than greeting again. */
export const RESUMED_NOTE =
  'The phone line dropped for a moment and the caller is back on the line. Do not greet them again: say in a few words that you are back, then carry on from where the conversation was.';

/**
 * Where a stream starts from. A first stream: nothing said, nobody proven. A resumed one: the stored
 * transcript (digits already withheld; none if nothing was said yet), and the owner's proof if the row records it and the caller's
 * number still names that owner; trust is read from the database only, never from what the caller or
 * the URL sends.
 */
export async function streamStart(
  sessions: CallSessionRecorder,
  call: PhoneCallRow,
  claimedOwner: { userId: string } | null,
): Promise<{ provenOnRow: boolean; history: BridgeTranscriptEntry[] | undefined }> {
  if (call.resumes === 0 || !call.call_session_id) return { provenOnRow: false, history: undefined };
  const lines = await sessions.transcript(call.tenant_id, call.call_session_id);
  return {
    provenOnRow: call.owner_proven_at !== null && claimedOwner?.userId === call.user_id,
    // Nothing was said yet (its first stream was refused: a draining or full instance): it greets.
    history: lines.length > 0 ? lines.map((line) => ({ speaker: line.role, text: line.content })) : undefined,
  };
}

const PASSCODE_KEYS_MAX = 12;

/** The keys the caller pressed since the last # (or *): a passcode is keyed, then #. */
export class KeyedPasscode {
  private keys = '';

  /** One key; answers the passcode once # ends a non-empty one. */
  press(digit: string): string | undefined {
    if (digit === '*') this.keys = '';
    else if (digit === '#') {
      const passcode = this.keys;
      this.keys = '';
      return passcode || undefined;
    } else if (this.keys.length < PASSCODE_KEYS_MAX) this.keys += digit;
    return undefined;
  }
}
