import { runToolHandler, type ToolHandlers } from '@annie/contracts/tool-handlers';
import { END_CALL_OUTPUT, toolFailure as failure, unknownToolError } from '@annie/contracts/voice-tools';
import type { Pool } from '../../db/pool.ts';
import type { ToolRunner } from '../voice/bridge/index.ts';
import { type FrontDeskScope, storeCallMessage, storePendingAction } from './front-desk.queries.ts';
import { FRONT_DESK_REFUSALS, type FrontDeskItem, FrontDeskLimits } from './front-desk-limits.ts';
import {
  CALLER_TOOLS,
  type CallerTools,
  FRONT_DESK_TOOLS,
  isCallerToolName,
  OWNER_CHECK_TOOLS,
} from './front-desk-tools.ts';
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

/** What the front desk's handlers work with. */
type FrontDeskContext = {
  pool: Pool;
  session: FrontDeskSession;
  /** The refusal the caller is to hear, or undefined when this item may be stored. */
  refusal: (item: FrontDeskItem) => Promise<unknown>;
};

/** The front desk's handler for each tool it declares (a declared tool without one does not compile). */
export const frontDeskHandlers = {
  take_message: async (params, { pool, session, refusal }) => {
    const refused = await refusal('message');
    if (refused) return refused;
    await storeCallMessage(pool, session, {
      callerName: params.caller_name,
      callerE164: session.party.e164,
      body: params.message,
    });
    return { success: true, message: 'The message is saved for the executive.' };
  },
  request_text_to_caller: async (params, { pool, session, refusal }) => {
    const refused = await refusal('request');
    if (refused) return refused;
    await storePendingAction(pool, session, {
      toE164: session.party.e164,
      body: params.message,
      requestedBy: params.caller_name,
      requestedByE164: session.party.e164,
    });
    return {
      success: true,
      sent: false,
      message:
        'Recorded for the executive to approve. Nothing has been sent; tell the caller it will be reviewed.',
    };
  },
  verify_owner_passcode: async (params, { session }) => {
    if (!session.provePasscode) return failure(unknownToolError('verify_owner_passcode'));
    return PASSCODE_ANSWERS[await session.provePasscode(params.passcode.replace(/\D/g, ''))];
  },
  end_call: async (_params, { session }) => {
    await session.onEndCall();
    return { success: true, message: END_CALL_OUTPUT };
  },
} satisfies ToolHandlers<CallerTools, FrontDeskContext>;

/**
 * The tools a third party's call runs: take a message, record a request for the executive (each within
 * the per-caller and per-tenant daily limits), check the executive's passcode (own numbers only) and end
 * the call. Nothing here reads the executive's data or
 * sends anything.
 */
export function createFrontDeskRunner(pool: Pool, session: FrontDeskSession): ToolRunner {
  const limits = new FrontDeskLimits(pool);
  const context: FrontDeskContext = {
    pool,
    session,
    refusal: async (item) => {
      const allowance = await limits.take(item, session.tenantId, session.party.e164);
      return allowance === 'allowed' ? undefined : failure(FRONT_DESK_REFUSALS[item][allowance]);
    },
  };
  return async (name, args) => {
    const offered =
      Object.hasOwn(FRONT_DESK_TOOLS, name) ||
      (Object.hasOwn(OWNER_CHECK_TOOLS, name) && session.provePasscode);
    if (!offered || !isCallerToolName(name)) return failure(unknownToolError(name));
    const parsed = CALLER_TOOLS[name].parameters.safeParse(args);
    if (parsed.success) return runToolHandler(frontDeskHandlers, name, parsed.data, context);
    // end_call ends the call whatever its arguments say: a caller is never kept on the line by them.
    if (name === 'end_call') return runToolHandler(frontDeskHandlers, name, {}, context);
    return invalid(name, parsed.error.issues);
  };
}
