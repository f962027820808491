import { type RealtimeFunctionTool, voiceRealtimeTools } from '@annie/contracts/voice-tools';
import { FRONT_DESK_TOOLS, OWNER_CHECK_TOOLS, realtimeToolsOf } from './front-desk-tools.ts';
import type { TrustParty } from './trust-party.ts';

// Built once: turning zod schemas into JSON Schema takes several milliseconds, which a call starting
// beside others' live audio should not spend.
let executiveTools: RealtimeFunctionTool[] | undefined;
let frontDeskTools: RealtimeFunctionTool[] | undefined;
let frontDeskWithCheck: RealtimeFunctionTool[] | undefined;

/**
 * The tools a party's session is configured with: an offered tool is a tool the model may call, so a
 * third party is offered only the front desk (and the passcode check when their number is the
 * executive's own); the executive gets the whole registry.
 */
export function realtimeToolsFor(party: TrustParty, options: { ownerCheck?: boolean } = {}) {
  if (party.kind === 'executive') {
    executiveTools ??= voiceRealtimeTools();
    return executiveTools;
  }
  if (options.ownerCheck) {
    frontDeskWithCheck ??= realtimeToolsOf({ ...FRONT_DESK_TOOLS, ...OWNER_CHECK_TOOLS });
    return frontDeskWithCheck;
  }
  frontDeskTools ??= realtimeToolsOf(FRONT_DESK_TOOLS);
  return frontDeskTools;
}

/** The names of the tools a party may run (the runner refuses any other, offered or not). */
export function toolNamesFor(party: TrustParty, options: { ownerCheck?: boolean } = {}): Set<string> {
  return new Set(realtimeToolsFor(party, options).map((tool) => tool.name));
}
