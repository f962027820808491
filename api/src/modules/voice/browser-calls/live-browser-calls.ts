import type { CompiledVoiceSession } from '@annie/contracts/voice-session';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { LiveWS } from 'openai/resources/live/ws';
import type { RealtimeToolsConfig } from 'openai/resources/realtime/realtime';
import type { Logger } from 'pino';
import type { AuthContext } from '../../../http/app-state.ts';
import type { LiveCalls } from '../../../providers/openai/openai-live-calls.ts';
import { RealtimeCallError } from '../../../providers/openai/openai-realtime-calls.ts';
import {
  GREETING_NOTE,
  LiveBridge,
  type MeasuredCall,
  type ToolRunner,
  toLiveBrowserSession,
} from '../bridge/index.ts';
import { startCallSession } from '../call-sessions/index.ts';
import type { SidebandCall } from './browser-call-sideband.ts';

/** The executive's tools on a browser call, run by the server; `endCall` asks for the end after the goodbye. */
export type LiveBrowserToolbox = (
  auth: AuthContext,
  endCall: () => void,
) => { tools: RealtimeToolsConfig; runTool: ToolRunner };

export type LiveBrowserCallDeps = {
  calls: LiveCalls;
  tools: LiveBrowserToolbox;
  /** Stores what was measured once the call has ended (priced, in the usage ledger). */
  record: (call: SidebandCall, measured: MeasuredCall) => Promise<void>;
  logger: Pick<Logger, 'warn' | 'info'>;
  /** How long the offer waits for the sideband before giving up on the call. */
  attachTimeoutMs?: number;
};

/** A browser call GPT-Live runs: the SDP answer, its session id, the call session, the models priced. */
export type LiveBrowserCall = {
  sdp: string;
  sessionId: string;
  callSessionId: string;
  models: SidebandCall['models'];
};

/**
 * Browser calls on GPT-Live. The server creates the session with the browser's offer
 * (`client.live.create`, the API key never leaves it), with the browser's data channel restricted to
 * hearing transcripts, and attaches its sideband before the browser has its answer. Over the sideband
 * the same LiveBridge as on a phone call greets the caller, runs every tool through Responses
 * delegation with the executive's runner, and measures the call; its figures are recorded (source
 * `server`) when the session closes.
 */
export class LiveBrowserCalls {
  private readonly live = new Set<LiveBridge>();
  private readonly deps: LiveBrowserCallDeps;

  constructor(deps: LiveBrowserCallDeps) {
    this.deps = deps;
  }

  get liveCount(): number {
    return this.live.size;
  }

  async start(
    em: EntityManager,
    input: {
      auth: AuthContext;
      offerSdp: string;
      compiled: CompiledVoiceSession;
      /** The voice profile the session was compiled from (null: the default settings). */
      profileId?: string | null;
    },
  ): Promise<LiveBrowserCall> {
    const { auth, compiled } = input;
    let endRequested = false;
    const toolbox = this.deps.tools(auth, () => {
      endRequested = true;
    });
    const answer = await this.deps.calls.create(
      input.offerSdp,
      toLiveBrowserSession(compiled, toolbox.tools),
    );
    const session = await startCallSession(em, {
      tenantId: auth.tenantId,
      userId: auth.userId,
      channel: 'webrtc',
      direction: 'outbound',
      providerCallId: answer.sessionId,
      engine: 'live',
      profileId: input.profileId ?? null,
    });
    const call: SidebandCall = {
      tenantId: auth.tenantId,
      callSessionId: session.id,
      callId: answer.sessionId,
      models: { voice: compiled.live.model, transcription: null },
    };
    // Tools and figures live on the sideband: without it the call cannot work, so it is not answered.
    const sideband = await this.attach(answer.sessionId);
    let recorded = false;
    const bridge: LiveBridge = new LiveBridge(
      sideband as unknown as LiveWS,
      {
        onAudio: () => {},
        // The page shows the transcript deltas its data channel may hear, and saves the conversation.
        onTranscript: () => {},
        runTool: toolbox.runTool,
        // end_call: the backend's answer to it is the spoken goodbye; once said, the session closes.
        onResponseDone: ({ followsTools }) => {
          if (endRequested && followsTools) bridge.close('goodbye said');
        },
        onError: (message) =>
          this.deps.logger.warn({ message, callId: call.callId }, 'GPT-Live error in a browser call'),
        onEnd: (reason) => {
          this.live.delete(bridge);
          if (recorded) return;
          recorded = true;
          this.deps.logger.info({ reason, callSessionId: call.callSessionId }, 'live browser call ended');
          this.deps.record(call, bridge.figures.snapshot()).catch((error: unknown) => {
            this.deps.logger.warn(
              { err: error, callSessionId: call.callSessionId, tenantId: call.tenantId },
              "a browser call's figures could not be recorded",
            );
          });
        },
      },
      { model: compiled.live.model, backendModel: compiled.live.backendModel },
      { attached: true },
    );
    this.live.add(bridge);
    bridge.tellModel(GREETING_NOTE);
    return { sdp: answer.sdp, sessionId: answer.sessionId, callSessionId: session.id, models: call.models };
  }

  /** Ends every call (the process is stopping): each closes its session, and its figures are recorded. */
  closeAll(reason = 'server shutting down'): void {
    for (const bridge of [...this.live]) bridge.close(reason);
  }

  private async attach(sessionId: string) {
    const timeoutMs = this.deps.attachTimeoutMs ?? 5_000;
    let timer: NodeJS.Timeout | undefined;
    const opening = this.deps.calls.attach(sessionId);
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the sideband took too long')), timeoutMs);
    });
    try {
      return await Promise.race([opening, late]);
    } catch (error) {
      opening.then((socket) => socket.close()).catch(() => {});
      throw new RealtimeCallError(
        `OpenAI refused the call: the server could not attach to it (${(error as Error).message})`,
        undefined,
        error,
      );
    } finally {
      clearTimeout(timer);
    }
  }
}
