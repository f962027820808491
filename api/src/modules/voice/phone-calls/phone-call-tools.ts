import { labelToolOutput } from '@annie/contracts/trust';
import { toolFailure as failure } from '@annie/contracts/voice-tools';
import type { RealtimeToolsConfig } from 'openai/resources/realtime/realtime';
import type { PasscodeOutcome, TrustParty } from '../../trust/index.ts';
import { createFrontDeskRunner, realtimeToolsFor, toolNamesFor } from '../../trust/index.ts';
import type { ToolRunner } from '../bridge/index.ts';
import { createServerToolRunner, type ServerToolDeps } from '../tools/index.ts';

/** Which tenant and call a phone call's tools belong to; `userId` is the executive it is for. */
export type PhoneCallIdentity = {
  tenantId: string;
  userId: string;
  phoneCallId: string;
  callSessionId: string | null;
};

/** What the call itself offers the tools: end_call hangs up once the goodbye has played. */
export type PhoneCallControls = {
  endCall: () => void;
  /** Present when the caller's number is the executive's own: a spoken passcode is checked here. */
  provePasscode?: (passcode: string) => Promise<PasscodeOutcome>;
};

/** The tools a phone call's realtime session is offered, and how the server runs them. */
export type PhoneCallToolbox = { tools: RealtimeToolsConfig; runTool: ToolRunner };

export type PhoneCallTools = (
  identity: PhoneCallIdentity,
  controls: PhoneCallControls,
  party: TrustParty,
) => PhoneCallToolbox;

export const toolNotOffered = (name: string) => `${name} is not available to this caller`;

/**
 * The tools the call's party may use, and only those: the executive (proven by the passcode) gets the
 * registry, run server side as them, with outside data labelled; a third party gets the front desk.
 * A tool the party was not offered is refused even if the model names it.
 */
export function partyPhoneTools(deps: ServerToolDeps): PhoneCallTools {
  return (identity, controls, party) => {
    const options = { ownerCheck: controls.provePasscode !== undefined };
    const allowed = toolNamesFor(party, options);
    const inner: ToolRunner =
      party.kind === 'executive'
        ? createServerToolRunner(deps, {
            tenantId: identity.tenantId,
            userId: party.userId,
            onEndCall: () => controls.endCall(),
          })
        : createFrontDeskRunner(deps.pool, {
            tenantId: identity.tenantId,
            userId: identity.userId,
            callSessionId: identity.callSessionId,
            party,
            onEndCall: () => controls.endCall(),
            provePasscode: controls.provePasscode,
          });
    return {
      tools: realtimeToolsFor(party, options),
      runTool: async (name, args) => {
        if (!allowed.has(name)) return failure(toolNotOffered(name));
        const output = await inner(name, args);
        return party.kind === 'executive' ? labelToolOutput(name, output) : output;
      },
    };
  };
}
