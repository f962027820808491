import { readFileSync } from 'node:fs';
import type { CompiledVoiceSession } from '@annie/contracts/voice-session';
import type { AppConfig } from '../../../config/env.ts';
import { observeEngine } from '../../../observability/index.ts';
import type { CallEngineRequest } from './call-engine.ts';
import type { LiveBridge } from './live/live-bridge.ts';
import { LiveBridges } from './live/live-bridges.ts';
import type { RealtimeBridge } from './realtime-bridge.ts';
import { RealtimeBridges } from './realtime-bridges.ts';

/** An open conversation on whichever engine its profile chose. */
export type OpenCallEngine = RealtimeBridge | LiveBridge;

type Engine = CompiledVoiceSession['engine'];

/**
 * The engine one call runs on: the profile's, or with `engineSplitPercent` percent chance the other one
 * (drawn once, when the call's engine is opened), so the two can be compared on the profile's own calls.
 */
export function chooseEngine(
  compiled: Pick<CompiledVoiceSession, 'engine' | 'engineSplitPercent'>,
  draw: number,
): Engine {
  if (draw * 100 >= compiled.engineSplitPercent) return compiled.engine;
  return compiled.engine === 'live' ? 'realtime' : 'live';
}

/** Opens a call on the engine its compiled profile names (or, by its split, the other), and ends every open one at shutdown. */
export class CallEngines {
  readonly realtime: RealtimeBridges;
  readonly live: LiveBridges;
  private readonly draw: () => number;

  /** `draw` gives a number in [0, 1) for each call's engine split (tests pass their own). */
  constructor(realtime: RealtimeBridges, live: LiveBridges, draw: () => number = Math.random) {
    this.realtime = realtime;
    this.live = live;
    this.draw = draw;
  }

  /** The engine a new call draws: its profile's, or by the profile's split the other one. */
  choose(compiled: CompiledVoiceSession): Engine {
    return chooseEngine(compiled, this.draw());
  }

  /** Opens the call on `engine` (a resumed call's, as its first stream drew it), or on a fresh draw. */
  open(request: CallEngineRequest, engine: Engine = this.choose(request.compiled)): Promise<OpenCallEngine> {
    return observeEngine(
      engine,
      request,
      (observed): Promise<OpenCallEngine> =>
        engine === 'live' ? this.live.open(observed) : this.realtime.open(observed),
    );
  }

  closeAll(reason = 'server shutting down'): void {
    this.realtime.closeAll(reason);
    this.live.closeAll(reason);
  }

  get liveCount(): number {
    return this.realtime.liveCount + this.live.liveCount;
  }
}

/** Both engines when OpenAI is configured (OPENAI_API_KEY); null otherwise. */
export function callEnginesFrom(config: AppConfig): CallEngines | null {
  if (!config.OPENAI_API_KEY) return null;
  const pem = (file: string | undefined) => (file ? readFileSync(file, 'utf8') : undefined);
  const realtime = new RealtimeBridges({
    apiKey: config.OPENAI_API_KEY,
    baseURL: config.OPENAI_BASE_URL,
    ca: pem(config.OPENAI_REALTIME_CA_FILE),
  });
  const live = new LiveBridges({
    apiKey: config.OPENAI_API_KEY,
    baseURL: config.OPENAI_LIVE_BASE_URL ?? config.OPENAI_BASE_URL,
    ca: pem(config.OPENAI_LIVE_CA_FILE),
  });
  return new CallEngines(realtime, live);
}
