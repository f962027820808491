import type { Worker } from 'node:worker_threads';

/**
 * Talks to a benchmark's worker one request at a time: `started` is its first message (what it started),
 * `ask(message)` posts a message and resolves with the worker's next reply.
 */
export function workerReplies<Started>(worker: Worker): {
  started: Promise<Started>;
  ask: <T>(message: string) => Promise<T>;
} {
  const replies: ((message: unknown) => void)[] = [];
  worker.on('message', (message) => replies.shift()?.(message));
  const started = new Promise<Started>((resolve, reject) => {
    replies.push(resolve as (message: unknown) => void);
    worker.once('error', reject);
  });
  const ask = <T>(message: string) =>
    new Promise<T>((resolve) => {
      replies.push(resolve as (message: unknown) => void);
      worker.postMessage(message);
    });
  return { started, ask };
}
