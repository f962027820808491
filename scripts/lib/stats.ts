// Percentiles and the way figures are printed.

export interface Summary {
  p50: number;
  p95: number;
  max: number;
}

/** Nearest-rank percentile of an ascending list (NaN when it is empty). */
export function percentile(sorted: readonly number[], p: number): number {
  return (
    sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
  );
}

/** p50, p95 and max of a list of durations (any order). */
export function summary(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? Number.NaN };
}

export const ms = (value: number, digits = 0): string => `${value.toFixed(digits)} ms`;

export const verdict = (ok: boolean): string => (ok ? 'ok' : 'MISSED');
