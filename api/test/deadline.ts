/** `promise`, or a failure naming what did not happen within `ms`: a deadline on an event, not a wait. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/**
 * How late timers and requests may run on two cores loaded by the whole suite: added to a promised
 * latency in a test's assertion, so the figure promised stays visible and the margin is named once.
 */
export const LOADED_MACHINE_MARGIN_MS = 2_000;

/**
 * When `effect` settles (`performance.now()`, taken as it happens, not when the test gets round to
 * awaiting it): take it before causing the effect, and bound the wait with `within`.
 */
export const timeOf = (effect: Promise<unknown>): Promise<number> => effect.then(() => performance.now());
