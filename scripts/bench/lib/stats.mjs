// Percentiles and the way figures are printed.

/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted, p) {
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** p50, p95 and max of a list of durations (any order). */
export function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) };
}

export const ms = (value, digits = 0) => `${value.toFixed(digits)} ms`;

export const verdict = (ok) => (ok ? 'ok' : 'MISSED');
