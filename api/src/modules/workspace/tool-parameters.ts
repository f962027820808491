import { voiceToolArgumentsOf } from '@annie/contracts/voice-tools';
import {
  isWorkspaceToolName,
  WORKSPACE_TOOLS,
  type WorkspaceToolName,
  type WorkspaceToolParams,
} from '@annie/contracts/workspace-tools';
import { ZodError } from 'zod';
import { HttpError } from '../../lib/http-errors.ts';

/** A parsed tool call: the name is one of the workspace tools, the parameters passed that tool's schema. */
export type ParsedToolCall = {
  [N in WorkspaceToolName]: { name: N; params: WorkspaceToolParams[N] };
}[WorkspaceToolName];

/**
 * Validates a call with the same zod schema the model was offered. An unknown name is a 400
 * `Unknown tool {name}`; bad parameters are a 400 whose issues name `parameters.<field>`.
 */
export function parseToolCall(toolName: string, parameters: unknown): ParsedToolCall {
  if (!isWorkspaceToolName(toolName)) throw new HttpError(400, 'unknown_tool', `Unknown tool ${toolName}`);
  const result = WORKSPACE_TOOLS[toolName].parameters.safeParse(voiceToolArgumentsOf(parameters));
  if (!result.success) {
    throw new ZodError(
      result.error.issues.map((issue) => ({ ...issue, path: ['parameters', ...issue.path] })),
    );
  }
  return { name: toolName, params: result.data } as ParsedToolCall;
}
