/** What an instance is carrying now, by kind: phone calls, Voice Console tests, browser-call sidebands. */
export type LiveWork = Record<string, number>;

/**
 * One API process's place in a fleet: whether it still takes new work (it stops at SIGTERM, to drain),
 * and how much live work it carries (readiness reports both, for a balancer that routes on them).
 * Domains register what they count; main.ts starts the drain.
 */
export class InstanceLifecycle {
  private drainStartedAt: number | null = null;
  private readonly counters = new Map<string, () => number>();

  /** True once SIGTERM (or SIGINT) arrived: readiness answers 503, new calls and streams go elsewhere. */
  get draining(): boolean {
    return this.drainStartedAt !== null;
  }

  /** Stops taking new work; idempotent. */
  beginDrain(now = Date.now()): void {
    if (this.drainStartedAt !== null) return;
    this.drainStartedAt = now;
  }

  /** Declares a kind of live work this instance carries, read when readiness is asked. */
  countLive(kind: string, count: () => number): void {
    this.counters.set(kind, count);
  }

  /** The live work by kind, now. */
  live(): LiveWork {
    return Object.fromEntries([...this.counters].map(([kind, count]) => [kind, count()]));
  }
}

/** Resolves once `count()` is 0 (checked every 250 ms) or `ms` has passed: live work left to finish. */
export function drained(count: () => number, ms: number): Promise<void> {
  const until = performance.now() + ms;
  return new Promise((resolve) => {
    const check = () => {
      if (count() === 0 || performance.now() >= until) resolve();
      else setTimeout(check, Math.min(250, until - performance.now())).unref();
    };
    check();
  });
}
