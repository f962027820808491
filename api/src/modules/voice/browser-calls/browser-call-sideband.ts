import type { OpenAIRealtimeWS } from 'openai/realtime/ws';
import type { Logger } from 'pino';
import type { MeasuredCall } from '../bridge/index.ts';
import { SidebandFigures } from './sideband-figures.ts';

/** A browser call the server attaches to: OpenAI's call id, the call session and the models priced. */
export type SidebandCall = {
  tenantId: string;
  callSessionId: string;
  callId: string;
  models: { voice: string; transcription: string | null };
};

export type SidebandDeps = {
  /** Opens OpenAI's server-side WebSocket to the call (`wss://…/realtime?call_id=…`). */
  open: (callId: string) => Promise<OpenAIRealtimeWS>;
  /** Stores what was measured once the call has ended (priced, in the usage ledger). */
  record: (call: SidebandCall, measured: MeasuredCall) => Promise<void>;
  logger: Pick<Logger, 'warn'>;
  /** How long the offer waits for the sideband before answering the browser without it. */
  attachTimeoutMs?: number;
};

/**
 * The server's sideband connections to the browser calls it started. The browser cannot alter what
 * they measure: every event comes from OpenAI to the server, and the figures are recorded (source
 * `server`) when OpenAI closes the sideband at the end of the call. A sideband that cannot be opened
 * leaves the call running unmeasured: measuring never costs the user their call.
 */
export class BrowserCallSidebands {
  private readonly live = new Map<OpenAIRealtimeWS, () => Promise<void>>();
  private readonly deps: SidebandDeps;

  constructor(deps: SidebandDeps) {
    this.deps = deps;
  }

  get liveCount(): number {
    return this.live.size;
  }

  /**
   * Attaches to a call OpenAI has just accepted, before the browser has its answer (so no event is
   * missed). Resolves true once attached, false when it could not be (logged).
   */
  async attach(call: SidebandCall): Promise<boolean> {
    const timeoutMs = this.deps.attachTimeoutMs ?? 5_000;
    let timer: NodeJS.Timeout | undefined;
    const opening = this.deps.open(call.callId);
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), timeoutMs);
    });
    let rt: OpenAIRealtimeWS | 'late';
    try {
      rt = await Promise.race([opening, late]);
    } catch (error) {
      this.deps.logger.warn(
        { err: error, callId: call.callId, tenantId: call.tenantId },
        'browser call not measured: the sideband connection failed',
      );
      return false;
    } finally {
      clearTimeout(timer);
    }
    if (rt === 'late') {
      opening.then((socket) => socket.close()).catch(() => {});
      this.deps.logger.warn(
        { callId: call.callId, tenantId: call.tenantId },
        'browser call not measured: the sideband connection took too long',
      );
      return false;
    }
    this.follow(rt, call);
    return true;
  }

  /** Closes every sideband (the process is stopping): what each measured so far is recorded. */
  async closeAll(): Promise<void> {
    await Promise.all([...this.live.values()].map((finish) => finish()));
  }

  private follow(rt: OpenAIRealtimeWS, call: SidebandCall): void {
    const figures = new SidebandFigures();
    let recorded: Promise<void> | null = null;
    const finish = () => {
      recorded ??= (async () => {
        this.live.delete(rt);
        if (rt.socket.readyState === rt.socket.OPEN) rt.socket.close();
        try {
          await this.deps.record(call, figures.snapshot());
        } catch (error) {
          this.deps.logger.warn(
            { err: error, callSessionId: call.callSessionId, tenantId: call.tenantId },
            "a browser call's figures could not be recorded",
          );
        }
      })();
      return recorded;
    };
    this.live.set(rt, finish);
    rt.on('event', (event) => figures.observe(event));
    // OpenAI's error events (a refused client event) do not end the call; a broken socket does.
    rt.on('error', () => {});
    rt.socket.once('close', () => void finish());
  }
}
