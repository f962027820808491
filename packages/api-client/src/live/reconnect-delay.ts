/** The first reconnect waits about this long; each failure in a row doubles it... */
export const RECONNECT_BASE_MS = 1_000;
/** ...up to this ceiling, so a stream comes back within half a minute of the server. */
export const RECONNECT_MAX_MS = 30_000;

/**
 * How long to wait before reconnect attempt `failures` (0 for the first): doubling from 1 s, capped at
 * 30 s, then a random point in the upper half of that, so clients dropped together do not return together.
 */
export function reconnectDelay(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** failures);
  return ceiling / 2 + (random() * ceiling) / 2;
}
