/** The duplicate-call guard holds a number for 2 s after a successful start. */
export const OUTBOUND_CALL_GUARD_MS = 2000;

/**
 * A second call to the same number is refused while one is in progress; the guard clears 2 s after a
 * successful start, or immediately on failure.
 */
export type OutboundCallGuard = {
  /** Takes the number; false when a call to it is already in progress. */
  acquire(to: string): boolean;
  /** The start succeeded: the number is free again after the guard time. */
  releaseAfterStart(to: string): void;
  /** The start failed: the number is free at once. */
  releaseNow(to: string): void;
};

/** `+1 (555) 123-4567` and `+15551234567` are the same number. */
export function phoneKey(to: string): string {
  return to.replace(/[^\d+]/g, '');
}

/** A guard; `schedule` is the timer (replaceable in tests so they never wait). */
export function createOutboundCallGuard(
  schedule: (release: () => void, ms: number) => unknown = (release, ms) => setTimeout(release, ms),
): OutboundCallGuard {
  const inProgress = new Set<string>();
  return {
    acquire(to) {
      const key = phoneKey(to);
      if (inProgress.has(key)) return false;
      inProgress.add(key);
      return true;
    },
    releaseAfterStart(to) {
      const key = phoneKey(to);
      schedule(() => inProgress.delete(key), OUTBOUND_CALL_GUARD_MS);
    },
    releaseNow(to) {
      inProgress.delete(phoneKey(to));
    },
  };
}
