import {
  END_CALL_OUTPUT,
  toolFailure as failure,
  unknownToolError,
} from '@annie/api-client/contracts/voice-tools';
import type { Pool } from '../../db/pool.ts';
import type { ToolRunner } from '../voice/bridge/index.ts';
import { type FrontDeskScope, storeCallMessage, storePendingAction } from './front-desk.queries.ts';
import { FRONT_DESK_REFUSALS, type FrontDeskItem, FrontDeskLimits } from './front-desk-limits.ts';
import { requestTextParams, takeMessageParams, verifyPasscodeParams } from './front-desk-tools.ts';
import type { PasscodeOutcome } from './phone-access.service.ts';
import type { ThirdParty } from './trust-party.ts';

export type FrontDeskSession = FrontDeskScope & {
  party: ThirdParty;
  onEndCall: () => void | Promise<void>;
  /** Present when the caller's number is the executive's own: checks a spoken passcode. */
  provePasscode?: (passcode: string) => Promise<PasscodeOutcome>;
};

const PASSCODE_ANSWERS: Record<PasscodeOutcome, unknown> = {
  accepted: {
    verified: true,
    message: 'Passcode accepted: the caller is the executive. Every tool is now available.',
  },
  wrong: { verified: false, message: 'The passcode is wrong. The caller remains a caller like any other.' },
  locked: { verified: false, message: 'Too many wrong passcodes: no more attempts are accepted now.' },
};

function invalid(name: string, issues: { message: string }[]) {
  return failure(`Invalid parameters for ${name}: ${issues.map((issue) => issue.message).join('; ')}`);
}

/**
 * The tools a third party's call runs: take a message, record a request for the executive (each within
 * the per-caller and per-tenant daily limits), check the executive's passcode (own numbers only) and end
 * the call. Nothing here reads the executive's data or
 * sends anything.
 */
export function createFrontDeskRunner(pool: Pool, session: FrontDeskSession): ToolRunner {
  const callerE164 = session.party.e164;
  const limits = new FrontDeskLimits(pool);
  // The refusal the caller is to hear, or undefined when this item may be stored.
  const refusal = async (item: FrontDeskItem) => {
    const allowance = await limits.take(item, session.tenantId, callerE164);
    return allowance === 'allowed' ? undefined : failure(FRONT_DESK_REFUSALS[item][allowance]);
  };
  return async (name, args) => {
    switch (name) {
      case 'take_message': {
        const parsed = takeMessageParams.safeParse(args);
        if (!parsed.success) return invalid(name, parsed.error.issues);
        const refused = await refusal('message');
        if (refused) return refused;
        await storeCallMessage(pool, session, {
          callerName: parsed.data.caller_name,
          callerE164,
          body: parsed.data.message,
        });
        return { success: true, message: 'The message is saved for the executive.' };
      }
      case 'request_text_to_caller': {
        const parsed = requestTextParams.safeParse(args);
        if (!parsed.success) return invalid(name, parsed.error.issues);
        const refused = await refusal('request');
        if (refused) return refused;
        await storePendingAction(pool, session, {
          toE164: callerE164,
          body: parsed.data.message,
          requestedBy: parsed.data.caller_name,
          requestedByE164: callerE164,
        });
        return {
          success: true,
          sent: false,
          message:
            'Recorded for the executive to approve. Nothing has been sent; tell the caller it will be reviewed.',
        };
      }
      case 'verify_owner_passcode': {
        if (!session.provePasscode) return failure(unknownToolError(name));
        const parsed = verifyPasscodeParams.safeParse(args);
        if (!parsed.success) return invalid(name, parsed.error.issues);
        return PASSCODE_ANSWERS[await session.provePasscode(parsed.data.passcode.replace(/\D/g, ''))];
      }
      case 'end_call':
        await session.onEndCall();
        return { success: true, message: END_CALL_OUTPUT };
      default:
        return failure(unknownToolError(name));
    }
  };
}
