import type { Pool } from '../../db/pool.ts';
import { markSucceeded } from './lab-job.queries.ts';

/**
 * Collects the successes that arrive in the same turn of the event loop and records them with one
 * statement: a batch's provider calls tend to finish together, and each still lands within a tick.
 */
export function successRecorder(pool: Pool): (id: string, result: unknown) => Promise<boolean> {
  let pending: {
    id: string;
    result: unknown;
    resolve: (changed: boolean) => void;
    reject: (error: unknown) => void;
  }[] = [];
  const flush = () => {
    const batch = pending;
    pending = [];
    markSucceeded(pool, batch).then(
      (changed) => {
        for (const entry of batch) entry.resolve(changed.has(entry.id));
      },
      (error: unknown) => {
        for (const entry of batch) entry.reject(error);
      },
    );
  };
  return (id, result) =>
    new Promise((resolve, reject) => {
      if (pending.length === 0) setImmediate(flush);
      pending.push({ id, result, resolve, reject });
    });
}
