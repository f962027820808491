import { type VoiceToolResult, voiceToolResultSchema } from '../contracts/workspace.ts';
import { apiJson } from '../http.ts';

/**
 * POST /api/google/voice-tools {toolName, parameters}: what the voice page calls for a `google_` tool.
 * `parameters` may be the model's JSON text as received; the server parses and validates it.
 */
export async function runWorkspaceTool(toolName: string, parameters: unknown): Promise<VoiceToolResult> {
  return voiceToolResultSchema.parse(
    await apiJson<unknown>('POST', '/api/google/voice-tools', { toolName, parameters }),
  );
}
