import type { EventEmitter } from 'node:events';
import { type Context, context, ROOT_CONTEXT, type Span, trace } from '@opentelemetry/api';
import {
  boundedName,
  callsStarted,
  frameDelay,
  framesLate,
  interruptions,
  toolRuns,
  turnLatency,
} from './metrics.ts';
import { endSpan, startSpan, tracingOn } from './tracing.ts';

// Two 20 ms frames: later than that, a caller's jitter buffer may run dry (an audible gap).
const LATE_FRAME_MS = 40;

/** What a call's hooks and opened engine look like to the observer (bridge/call-engine.ts has the full types). */
// Methods, not properties: a caller's hooks take its own (wider) entry and response types.
type ObservedHooks = {
  onAudio(chunk: Buffer): void;
  onTranscript(entry: { speaker: string }): void;
  onResponseDone?(response: { followsTools: boolean }): void;
  runTool?(name: string, args: Record<string, unknown>): Promise<unknown>;
  onEnd?(reason: string): void;
};
type ObservedRequest = { format: { type: string; bytesPerMs: number }; hooks: ObservedHooks };
type ObservedEngine = {
  appendAudio(chunk: Buffer): void;
  close(reason?: string): void;
  readonly figures: { snapshot: () => { latenciesMs: number[]; interruptions: number } };
};

/** A tool's output that reports a failure (the tool runners answer `{ error }` rather than throw). */
const failed = (output: unknown) =>
  !!output && typeof output === 'object' && 'error' in (output as Record<string, unknown>);

/**
 * Opens a call's engine with its figures recorded: caller frames' delay on the way in, tool runs by name
 * and outcome, and once it ends its turn latencies and interruptions. With tracing on, each turn (from
 * the caller's line or a tool run to the response's end) is a span under the call's, and each tool run
 * one under its turn, active while the tool runs (its SQL spans sit beneath it).
 */
export async function observeEngine<Request extends ObservedRequest, Engine extends ObservedEngine>(
  engineName: string,
  request: Request,
  open: (request: Request) => Promise<Engine>,
): Promise<Engine> {
  // The Voice Console speaks 24 kHz PCM, a phone line 8 kHz μ-law.
  const labels = { use: request.format.type === 'audio/pcmu' ? 'phone' : 'console', engine: engineName };
  callsStarted.inc(labels);
  const callContext = context.active();
  const turns = new TurnSpans(callContext);
  const hooks = request.hooks;
  let opened: Engine | undefined;
  let recorded = false;
  const observed: ObservedHooks = {
    ...hooks,
    onAudio: tracingOn
      ? (chunk) => {
          turns.begin('reply');
          hooks.onAudio(chunk);
        }
      : hooks.onAudio,
    onTranscript: (entry) => {
      if (entry.speaker === 'user') turns.begin('caller');
      hooks.onTranscript(entry);
    },
    onResponseDone: (response) => {
      hooks.onResponseDone?.(response);
      turns.end();
    },
    runTool: hooks.runTool && timedTool(hooks.runTool, turns),
    onEnd: (reason) => {
      record();
      hooks.onEnd?.(reason);
    },
  };
  // Once, when the engine ends (either side) or is closed: what it measured over the call.
  const record = () => {
    turns.end();
    if (!opened || recorded) return;
    recorded = true;
    const measured = opened.figures.snapshot();
    for (const ms of measured.latenciesMs) turnLatency.observe(labels, ms / 1000);
    if (measured.interruptions > 0) interruptions.inc(labels, measured.interruptions);
  };
  const engine = await open({ ...request, hooks: { ...hooks, ...observed } } as Request);
  opened = engine;
  measureFrames(engine, request.format.bytesPerMs, labels);
  const close = engine.close.bind(engine);
  engine.close = (reason?: string) => {
    record();
    close(reason);
  };
  return engine;
}

/** The run of a tool, timed and counted by name and outcome, inside its span. */
function timedTool(
  runTool: NonNullable<ObservedHooks['runTool']>,
  turns: TurnSpans,
): ObservedHooks['runTool'] {
  return async (name, args) => {
    const tool = boundedName(name);
    const started = performance.now();
    const span = startSpan(`tool ${tool}`, { 'annie.tool': tool }, { parent: turns.context('tool') });
    const seconds = () => (performance.now() - started) / 1000;
    try {
      const output = await (span
        ? context.with(trace.setSpan(ROOT_CONTEXT, span), () => runTool(name, args))
        : runTool(name, args));
      const outcome = failed(output) ? 'error' : 'ok';
      toolRuns.observe({ tool, outcome }, seconds());
      endSpan(span, outcome === 'error' ? new Error('the tool answered an error') : undefined);
      return output;
    } catch (error) {
      toolRuns.observe({ tool, outcome: 'error' }, seconds());
      endSpan(span, error);
      throw error;
    }
  };
}

/**
 * Caller frames' delay: each frame's arrival against the audio clock (the audio before it), less the
 * smallest such offset seen, so a frame on time counts 0 and one held up by a late event loop counts late.
 */
function measureFrames(engine: ObservedEngine, bytesPerMs: number, labels: { use: string; engine: string }) {
  const delay = frameDelay.labels(labels);
  const late = framesLate.labels(labels);
  const append = engine.appendAudio.bind(engine);
  let audioMs = 0;
  let earliest = Number.POSITIVE_INFINITY;
  engine.appendAudio = (chunk: Buffer) => {
    const offset = performance.now() - audioMs;
    audioMs += chunk.length / bytesPerMs;
    if (offset < earliest) earliest = offset;
    const ms = offset - earliest;
    delay.observe(ms / 1000);
    if (ms > LATE_FRAME_MS) late.inc();
    append(chunk);
  };
}

/** The call's current turn span (tracing on): opened by what starts a turn, closed by the response's end. */
class TurnSpans {
  #turn: Span | undefined;
  readonly #call: Context;

  constructor(call: Context) {
    this.#call = call;
  }

  begin(by: string): void {
    if (this.#turn || !tracingOn) return;
    this.#turn = startSpan('turn', { 'annie.turn.started_by': by }, { parent: this.#call });
  }

  /** The context a tool run starts in: its turn's (one is begun for it if none is open). */
  context(by: string): Context {
    this.begin(by);
    return this.#turn ? trace.setSpan(this.#call, this.#turn) : this.#call;
  }

  end(): void {
    endSpan(this.#turn);
    this.#turn = undefined;
  }
}

/**
 * One call's trace: a root span (one trace per call) ended when `socket` closes. The socket's handlers
 * run inside it, and so does what the returned function is given, so what the call does from there (the
 * engine's own socket included) is beneath it and the call's log lines carry its trace id (the logger's
 * mixin reads the active span).
 */
export function traceCall(name: string, socket: EventEmitter): <T>(work: () => T) => T {
  const span = startSpan(name, undefined, { parent: ROOT_CONTEXT });
  if (!span) return (work) => work();
  socket.once('close', () => endSpan(span));
  // The listeners added from now on run in the call's span (the context manager wraps them).
  const inCall = trace.setSpan(ROOT_CONTEXT, span);
  context.bind(inCall, socket);
  // What the caller starts at once (not from a socket event) runs in the call's span through this.
  return (work) => context.with(inCall, work);
}
