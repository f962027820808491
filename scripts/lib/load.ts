// Load generation against a server on 127.0.0.1: latency one request at a time, throughput under concurrency.
import type { ChildProcess } from 'node:child_process';
import { CONCURRENCY, get, type Headers } from './http.ts';
import { type Summary, summary } from './stats.ts';

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** `samples` GETs one at a time, cycling through `paths`; p50/p95/max in ms. Any non-200 aborts the run. */
export async function latency(
  port: number,
  paths: readonly string[],
  headers: Headers,
  samples: number,
): Promise<Summary> {
  const times: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const path = paths[i % paths.length] ?? '/';
    const started = performance.now();
    const response = await get(port, path, headers);
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${response.body}`);
  }
  return summary(times);
}

/** CONCURRENCY keep-alive connections repeating one GET for `seconds`; req/s. Any non-200 aborts the run. */
export async function throughput(
  port: number,
  path: string,
  headers: Headers,
  seconds: number,
): Promise<number> {
  const deadline = performance.now() + seconds * 1000;
  let done = 0;
  let failed = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      const response = await get(port, path, headers);
      if (response.status === 200) done += 1;
      else failed += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  if (failed > 0) throw new Error(`${failed} requests to ${path} failed`);
  return done / ((performance.now() - started) / 1000);
}

/** Resolves once GET `path` answers 200; gives up after a minute or when `child` exits. */
export async function waitUntilReady(port: number, path: string, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`the server on port ${port} exited with ${child.exitCode}`);
    try {
      if ((await get(port, path)).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`port ${port} did not become ready`);
}
