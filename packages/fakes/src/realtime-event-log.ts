/** A Realtime API event as it crosses the `oai-events` channel. */
export type RealtimeEvent = { type: string; [key: string]: unknown };

export type EventPredicate = (event: RealtimeEvent) => boolean;

export type WaitOptions = {
  /** Only events at this index or later count (e.g. the log's length before an action). */
  after?: number;
  timeoutMs?: number;
};

type Waiter = {
  type: string;
  predicate: EventPredicate;
  after: number;
  resolve: (found: { index: number; event: RealtimeEvent }) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
};

const DEFAULT_TIMEOUT_MS = 10_000;

/** Every event one side received, in order, with a way to wait for one that has not arrived yet. */
export class RealtimeEventLog {
  readonly events: RealtimeEvent[] = [];
  /** `performance.now()` when each event arrived (benchmarks in the same process). */
  readonly arrivedAt: number[] = [];
  private waiters: Waiter[] = [];
  private closedBecause: string | null = null;

  record(event: RealtimeEvent): void {
    const index = this.events.push(event) - 1;
    this.arrivedAt.push(performance.now());
    for (const waiter of [...this.waiters]) {
      if (index >= waiter.after && waiter.type === event.type && waiter.predicate(event)) {
        this.settle(waiter);
        waiter.resolve({ index, event });
      }
    }
  }

  /** Events of one type, in arrival order. */
  ofType(type: string): RealtimeEvent[] {
    return this.events.filter((event) => event.type === type);
  }

  /** The first event of `type` matching `predicate` (already received or still to come). */
  waitFor(
    type: string,
    predicate: EventPredicate = () => true,
    options: WaitOptions = {},
  ): Promise<{ index: number; event: RealtimeEvent }> {
    const after = options.after ?? 0;
    const index = this.events.findIndex(
      (event, at) => at >= after && event.type === type && predicate(event),
    );
    const found = this.events[index];
    if (found) return Promise.resolve({ index, event: found });
    if (this.closedBecause) return Promise.reject(new Error(`No ${type} event: ${this.closedBecause}`));
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        type,
        predicate,
        after,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.settle(waiter);
          reject(new Error(`No ${type} event within ${timeoutMs} ms`));
        }, timeoutMs),
      };
      this.waiters.push(waiter);
    });
  }

  /** No more events will come: every waiter fails now rather than at its timeout. */
  close(reason: string): void {
    this.closedBecause = reason;
    for (const waiter of [...this.waiters]) {
      this.settle(waiter);
      waiter.reject(new Error(`No ${waiter.type} event: ${reason}`));
    }
  }

  private settle(waiter: Waiter): void {
    clearTimeout(waiter.timer);
    this.waiters = this.waiters.filter((each) => each !== waiter);
  }
}

/** Whether `value` contains everything in `pattern` (objects compared key by key, the rest by equality). */
export function matchesPattern(value: unknown, pattern: unknown): boolean {
  if (pattern === null || typeof pattern !== 'object') return Object.is(value, pattern);
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(pattern).every(([key, expected]) =>
    matchesPattern((value as Record<string, unknown>)[key], expected),
  );
}
