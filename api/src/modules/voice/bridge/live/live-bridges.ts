import { openLiveSocket } from '../../../../providers/openai/openai-live-ws.ts';
import type { RealtimeProviderSettings } from '../../../../providers/openai/openai-realtime-ws.ts';
import type { CallEngineRequest } from '../call-engine.ts';
import { LiveBridge } from './live-bridge.ts';
import { toLiveSessionStart } from './live-session.ts';

/** Opens GPT-Live bridges and keeps the live ones, so a shutdown can end every one of them. */
export class LiveBridges {
  private readonly live = new Set<LiveBridge>();
  private readonly settings: RealtimeProviderSettings;

  constructor(settings: RealtimeProviderSettings) {
    this.settings = settings;
  }

  async open(request: CallEngineRequest): Promise<LiveBridge> {
    const ws = await openLiveSocket(this.settings);
    const { live } = request.compiled;
    const bridge: LiveBridge = new LiveBridge(
      ws,
      {
        ...request.hooks,
        onEnd: (reason) => {
          this.live.delete(bridge);
          request.hooks.onEnd?.(reason);
        },
      },
      { model: live.model, backendModel: live.backendModel },
    );
    this.live.add(bridge);
    bridge.start(
      toLiveSessionStart(request.compiled, request.format, request.tools, request.history),
      request.greet,
    );
    return bridge;
  }

  closeAll(reason = 'server shutting down'): void {
    for (const bridge of [...this.live]) bridge.close(reason);
  }

  get liveCount(): number {
    return this.live.size;
  }
}
