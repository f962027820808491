// The knowledge benchmark's throughput comparison: the API and the bare server measured in alternating
// slices rather than one after the other, so a burst of load from elsewhere on the machine (a build, a
// test run) falls on both alike instead of on whichever happened to be measured then; and each server's
// own CPU time per request (user + system, from /proc), which that load disturbs far less than req/s.
import { readFileSync } from 'node:fs';
import { throughput } from '../lib/load.mjs';

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (user + system) the process has used so far, in µs; null where /proc is not there. */
function cpuMicros(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * Runs `rounds` rounds; in each, every target in turn gets `sliceSeconds` of load. A target is
 * `{ name, port, path, headers, pid }`. Resolves with each target's req/s over all its slices and its
 * CPU µs per request (null without /proc).
 */
export async function sideBySide(targets, { rounds, sliceSeconds }) {
  const totals = targets.map(() => ({ requests: 0, seconds: 0, cpu: 0 }));
  for (let round = 0; round < rounds; round += 1) {
    // Each round starts with the other target, so neither always follows the other.
    const order = round % 2 === 0 ? targets.map((_, i) => i) : targets.map((_, i) => targets.length - 1 - i);
    for (const index of order) {
      const { port, path, headers, pid } = targets[index];
      const cpuBefore = cpuMicros(pid);
      const started = performance.now();
      const rps = await throughput(port, path, headers, sliceSeconds);
      const seconds = (performance.now() - started) / 1000;
      const cpuAfter = cpuMicros(pid);
      const total = totals[index];
      total.requests += rps * seconds;
      total.seconds += seconds;
      total.cpu =
        total.cpu === null || cpuBefore === null || cpuAfter === null
          ? null
          : total.cpu + cpuAfter - cpuBefore;
    }
  }
  return targets.map((target, i) => ({
    name: target.name,
    rps: totals[i].requests / totals[i].seconds,
    cpuPerRequest: totals[i].cpu === null ? null : totals[i].cpu / totals[i].requests,
  }));
}
