import type { CompiledVoiceSession } from '@annie/contracts/voice-session';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RealtimeSessionCreateRequest } from 'openai/resources/realtime/realtime';
import { ormQueryable } from '../../../db/scoped-sql.ts';
import type { AuthContext } from '../../../http/app-state.ts';
import type { RealtimeCalls } from '../../../providers/openai/openai-realtime-calls.ts';
import { realtimeToolsFor } from '../../trust/index.ts';
import { assertWithinBudget } from '../../usage/index.ts';
import { chooseEngine, toRealtimeSession } from '../bridge/index.ts';
import { startCallSession } from '../call-sessions/index.ts';
import type { RetiredModelNotice } from '../profiles/index.ts';
import { compileDefaultSession } from '../profiles/index.ts';
import type { LiveBrowserCalls } from './live-browser-calls.ts';

/**
 * The session a browser call starts with: the compiled default profile and the tools the trust model
 * gives the signed-in executive (every tool of the registry).
 */
export function browserCallSession(
  compiled: CompiledVoiceSession,
  userId: string,
): RealtimeSessionCreateRequest {
  return toRealtimeSession(compiled, null, realtimeToolsFor({ kind: 'executive', userId }));
}

/**
 * A started browser call: the engine it runs on, the SDP answer, OpenAI's call id (Realtime's `rtc_…`,
 * GPT-Live's session id), the call session recording it, its models.
 */
export type BrowserCall = {
  engine: 'realtime' | 'live';
  sdp: string;
  realtimeCallId: string | null;
  callSessionId: string;
  models: { voice: string; transcription: string | null };
};

/**
 * Starts a browser call: compiles the tenant's session (instructions, voice, model, transcription, turn
 * detection, tools, tool choice auto), posts it with the browser's offer to OpenAI, and records the call
 * as the caller's call session (channel webrtc, outbound, provider id = OpenAI's call id). A call that
 * cannot be recorded is hung up rather than left running unrecorded.
 */
export async function startBrowserCall(
  em: EntityManager,
  calls: RealtimeCalls,
  input: {
    auth: AuthContext;
    offerSdp: string;
    defaultModel: string;
    onRetiredModel?: (notice: RetiredModelNotice) => void;
    /** GPT-Live browser calls, when OpenAI is configured; `draw` gives the engine split's number in [0, 1). */
    live?: { calls: LiveBrowserCalls; draw: () => number } | null;
  },
): Promise<BrowserCall> {
  await assertWithinBudget(ormQueryable(em), input.auth.tenantId);
  const { compiled, profileId } = await compileDefaultSession(em, input.defaultModel, input.onRetiredModel);
  // The default profile's engine, or by its split the other one, drawn once for this call (and stored
  // on its call session with the profile, for the engines' comparison).
  if (input.live && chooseEngine(compiled, input.live.draw()) === 'live') {
    const call = await input.live.calls.start(em, {
      auth: input.auth,
      offerSdp: input.offerSdp,
      compiled,
      profileId,
    });
    return {
      engine: 'live',
      sdp: call.sdp,
      realtimeCallId: call.sessionId,
      callSessionId: call.callSessionId,
      models: call.models,
    };
  }
  const answer = await calls.create(input.offerSdp, browserCallSession(compiled, input.auth.userId));
  try {
    const session = await startCallSession(em, {
      tenantId: input.auth.tenantId,
      userId: input.auth.userId,
      channel: 'webrtc',
      direction: 'outbound',
      providerCallId: answer.callId,
      engine: 'realtime',
      profileId,
    });
    return {
      engine: 'realtime',
      sdp: answer.sdp,
      realtimeCallId: answer.callId,
      callSessionId: session.id,
      models: { voice: compiled.model, transcription: compiled.transcriptionModel },
    };
  } catch (error) {
    if (answer.callId) await calls.hangup(answer.callId).catch(() => {});
    throw error;
  }
}
