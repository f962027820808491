// The knowledge benchmark's throughput comparison: the API and the bare server measured in alternating
// slices rather than one after the other, so a burst of load from elsewhere on the machine (a build, a
// test run) falls on both alike instead of on whichever happened to be measured then; and each server's
// own CPU time per request (user + system, from /proc), which that load disturbs far less than req/s.
import { readFileSync } from 'node:fs';
import type { Headers } from '../../lib/http.ts';
import { throughput } from '../../lib/load.ts';

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (user + system) the process has used so far, in µs; null where /proc is not there. */
function cpuMicros(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

export interface SideBySideTarget {
  name: string;
  port: number;
  path: string;
  headers: Headers;
  pid: number | undefined;
}

export interface SideBySideResult {
  name: string;
  rps: number;
  cpuPerRequest: number | null;
}

/**
 * Runs `rounds` rounds; in each, every target in turn gets `sliceSeconds` of load. A target is
 * `{ name, port, path, headers, pid }`. Resolves with each target's req/s over all its slices and its
 * CPU µs per request (null without /proc).
 */
export async function sideBySide(
  targets: readonly SideBySideTarget[],
  { rounds, sliceSeconds }: { rounds: number; sliceSeconds: number },
): Promise<SideBySideResult[]> {
  const totals = targets.map(() => ({ requests: 0, seconds: 0, cpu: 0 as number | null }));
  for (let round = 0; round < rounds; round += 1) {
    // Each round starts with the other target, so neither always follows the other.
    const order = round % 2 === 0 ? targets.map((_, i) => i) : targets.map((_, i) => targets.length - 1 - i);
    for (const index of order) {
      const target = targets[index];
      const total = totals[index];
      if (!target || !total) continue;
      const { port, path, headers, pid } = target;
      const cpuBefore = cpuMicros(pid);
      const started = performance.now();
      const rps = await throughput(port, path, headers, sliceSeconds);
      const seconds = (performance.now() - started) / 1000;
      const cpuAfter = cpuMicros(pid);
      total.requests += rps * seconds;
      total.seconds += seconds;
      total.cpu =
        total.cpu === null || cpuBefore === null || cpuAfter === null
          ? null
          : total.cpu + cpuAfter - cpuBefore;
    }
  }
  return targets.map((target, i) => {
    const { requests, seconds, cpu } = totals[i] ?? { requests: 0, seconds: 0, cpu: null };
    return {
      name: target.name,
      rps: requests / seconds,
      cpuPerRequest: cpu === null ? null : cpu / requests,
    };
  });
}
