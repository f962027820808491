import type { CompiledVoiceSession } from '@annie/contracts/voice-session';
import type { RealtimeToolsConfig } from 'openai/resources/realtime/realtime';
import {
  openRealtimeSocket,
  type RealtimeProviderSettings,
} from '../../../providers/openai/openai-realtime-ws.ts';
import type { BridgeAudioFormat } from './audio-format.ts';
import { type BridgeHooks, type BridgeTranscriptEntry, RealtimeBridge } from './realtime-bridge.ts';
import { toRealtimeSession } from './realtime-session.ts';

export type BridgeRequest = {
  compiled: CompiledVoiceSession;
  format: BridgeAudioFormat;
  hooks: BridgeHooks;
  /** Ask the assistant to speak first (the test panel); a phone call may wait for the caller. */
  greet: boolean;
  tools?: RealtimeToolsConfig;
  /** What was said before (a phone call resumed on another instance): the model hears it first. */
  history?: BridgeTranscriptEntry[];
};

/** Opens bridges to OpenAI and keeps the live ones, so a shutdown can end every one of them. */
export class RealtimeBridges {
  private readonly live = new Set<RealtimeBridge>();

  private readonly settings: RealtimeProviderSettings;

  constructor(settings: RealtimeProviderSettings) {
    this.settings = settings;
  }

  async open(request: BridgeRequest): Promise<RealtimeBridge> {
    const rt = await openRealtimeSocket(this.settings, request.compiled.model);
    const bridge: RealtimeBridge = new RealtimeBridge(rt, request.format, {
      ...request.hooks,
      onEnd: (reason) => {
        this.live.delete(bridge);
        request.hooks.onEnd?.(reason);
      },
    });
    this.live.add(bridge);
    bridge.start(
      toRealtimeSession(request.compiled, request.format, request.tools),
      request.greet,
      request.history,
    );
    return bridge;
  }

  /** Ends every live bridge (server shutdown). */
  closeAll(reason = 'server shutting down'): void {
    for (const bridge of [...this.live]) bridge.close(reason);
  }

  get liveCount(): number {
    return this.live.size;
  }
}
