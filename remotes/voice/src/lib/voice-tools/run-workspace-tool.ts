import { callRoute } from '@annie/api-client/call-route';
import type { VoiceToolResult } from '@annie/contracts/workspace';
import { runGoogleVoiceTool } from '@annie/contracts/workspace-routes';

/**
 * Runs a `google_` tool on the server for the voice page: {toolName, parameters} → the tool's envelope.
 * `parameters` may be the model's JSON text as received; the server parses and validates it.
 */
export async function runWorkspaceTool(toolName: string, parameters: unknown): Promise<VoiceToolResult> {
  return callRoute(runGoogleVoiceTool, { body: { toolName, parameters } });
}
