import type { LiveMediaStream } from './media-stream-deps.ts';

/** What the assistant is told to say when the drain of a restarting server runs out. */
export const DRAIN_GOODBYE_INSTRUCTIONS =
  'The phone system you are running on has to restart now, so this call must end. In one or two short sentences: apologise, say you have to go now and that they can call back at once, and say goodbye. Ask nothing.';

/** The closing line is generated, played, and Twilio hangs up (or the stream's own fallback does) within this. */
export const GOODBYE_WAIT_MS = 20_000;

/** What a drain did: calls that ended by themselves, and those the assistant ended. */
export type DrainOutcome = { endedByThemselves: number; endedPolitely: number; left: number; ms: number };

const settledWithin = (promises: Promise<unknown>[], ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    void Promise.allSettled(promises).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });

/** The media streams this instance carries: counted (capacity, readiness) and drained at shutdown. */
export class LiveMediaStreams {
  private readonly live = new Set<LiveMediaStream>();

  get count(): number {
    return this.live.size;
  }

  add(stream: LiveMediaStream): void {
    this.live.add(stream);
    void stream.over.then(() => this.live.delete(stream));
  }

  /**
   * Lets every live call go on until it ends or `drainMs` has passed; then the assistant ends each one
   * left with a short closing line (as on end_call), and the drain waits for those goodbyes.
   */
  async drain(drainMs: number, instructions = DRAIN_GOODBYE_INSTRUCTIONS): Promise<DrainOutcome> {
    const started = performance.now();
    const before = this.live.size;
    await settledWithin(
      [...this.live].map((stream) => stream.over),
      drainMs,
    );
    const left = [...this.live];
    for (const stream of left) stream.endPolitely(instructions);
    await settledWithin(
      left.map((stream) => stream.over),
      GOODBYE_WAIT_MS,
    );
    return {
      endedByThemselves: before - left.length,
      endedPolitely: left.length - this.live.size,
      left: this.live.size,
      ms: Math.round(performance.now() - started),
    };
  }
}
