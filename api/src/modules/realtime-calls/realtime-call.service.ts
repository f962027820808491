import type { CompiledVoiceSession } from '@annie/api-client/contracts/voice-session';
import { workspaceRealtimeTools } from '@annie/api-client/contracts/workspace-tools';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RealtimeSessionCreateRequest } from 'openai/resources/realtime/realtime';
import type { RealtimeCallAnswer, RealtimeCalls } from '../../providers/openai/openai-realtime-calls.ts';
import { toRealtimeSession } from '../../realtime/realtime-session.ts';
import { compileDefaultSession } from '../voice-profiles/voice-session.service.ts';

/** The session a browser call starts with: the compiled default profile and every tool the model may call. */
export function browserCallSession(compiled: CompiledVoiceSession): RealtimeSessionCreateRequest {
  return toRealtimeSession(compiled, null, workspaceRealtimeTools());
}

/**
 * Starts a browser call: compiles the tenant's session (instructions, voice, model, transcription, turn
 * detection, tools, tool choice auto) and posts it with the browser's offer to OpenAI.
 */
export async function startBrowserCall(
  em: EntityManager,
  calls: RealtimeCalls,
  offerSdp: string,
  defaultModel: string,
): Promise<RealtimeCallAnswer> {
  const compiled = await compileDefaultSession(em, defaultModel);
  return calls.create(offerSdp, browserCallSession(compiled));
}
