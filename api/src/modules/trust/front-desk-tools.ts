import type { ToolDefinitions } from '@annie/contracts/tool-handlers';
import { toolText } from '@annie/contracts/tool-params';
import { type RealtimeFunctionTool, VOICE_TOOLS } from '@annie/contracts/voice-tools';
import { z } from 'zod';

export const takeMessageParams = z
  .object({
    caller_name: toolText('caller_name', 120).describe('Who the message is from, as the caller gave it'),
    message: toolText('message', 2000).describe('The message for the executive, in the caller’s words'),
  })
  .strict();

export const requestTextParams = z
  .object({
    caller_name: toolText('caller_name', 120).describe('Who is asking, as the caller gave it'),
    message: toolText('message', 1600).describe('The text the caller asked to receive'),
  })
  .strict();

export const verifyPasscodeParams = z
  .object({
    passcode: z
      .string({ error: 'passcode must be text' })
      .trim()
      .max(40, 'passcode must be at most 40 characters')
      .describe('The digits the caller said, as digits only'),
  })
  .strict();

/**
 * The front desk: what a third party on the phone may have the assistant do. Nothing here reads the
 * executive's data or sends anything; a request to send becomes a pending action the executive decides.
 */
export const FRONT_DESK_TOOLS = {
  take_message: {
    description:
      'Take a message for the executive: who it is from and what they want passed on. The executive sees it later.',
    parameters: takeMessageParams,
    kind: 'action',
  },
  request_text_to_caller: {
    description:
      'The caller asked to be sent something by text message (for example a brochure or an address). Records the request for the executive to approve; nothing is sent now. Tell the caller the executive will review it.',
    parameters: requestTextParams,
    kind: 'action',
  },
  end_call: VOICE_TOOLS.end_call,
} as const satisfies ToolDefinitions;

/** Offered only when the caller's number is one the executive registered as their own. */
export const OWNER_CHECK_TOOLS = {
  verify_owner_passcode: {
    description:
      'The caller says they are the executive and has said their phone passcode: check it. They can also key it on the phone followed by #.',
    parameters: verifyPasscodeParams,
    kind: 'action',
  },
} as const satisfies ToolDefinitions;

/** Every tool a caller's session may be offered: the front desk's runner has a handler for each. */
export const CALLER_TOOLS = { ...FRONT_DESK_TOOLS, ...OWNER_CHECK_TOOLS } as const;
export type CallerTools = typeof CALLER_TOOLS;

export function isCallerToolName(name: string): name is keyof CallerTools {
  return Object.hasOwn(CALLER_TOOLS, name);
}

/** Definitions in the realtime session's `tools` format. */
export function realtimeToolsOf(definitions: ToolDefinitions): RealtimeFunctionTool[] {
  return Object.entries(definitions).map(([name, definition]) => {
    const { $schema: _dialect, ...parameters } = z.toJSONSchema(definition.parameters, {
      io: 'input',
      unrepresentable: 'any',
    });
    return { type: 'function', name, description: definition.description, parameters };
  });
}
