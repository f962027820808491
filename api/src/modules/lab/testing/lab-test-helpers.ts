import { type LabJob, labJobSchema } from '@annie/contracts/lab';
import { type EventStream, openLiveStream } from '../../../../test/event-stream.ts';
import type { TestApp } from '../../../../test/test-app.ts';
import type { TestClient } from '../../../../test/test-client.ts';

export type { EventStream } from '../../../../test/event-stream.ts';

/** Polls `check` until it returns a value (not undefined), or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Reads a job through the API until it is finished (succeeded or failed). */
export function finishedJob(client: TestClient, id: string, timeoutMs?: number): Promise<LabJob> {
  return eventually(async () => {
    const response = await client.get(`/api/lab/jobs/${id}`);
    const job = labJobSchema.parse(response.body);
    return job.status === 'succeeded' || job.status === 'failed' ? job : undefined;
  }, timeoutMs);
}

/** A job's row as the worker left it. */
export async function jobRow(app: TestApp, id: string) {
  const { rows } = await app.pool.query<{
    status: string;
    attempts: number;
    error: string | null;
    result: unknown;
  }>('select status, attempts, error, result from lab_job where id = $1', [id]);
  return rows[0];
}

/** Opens GET /api/lab/jobs/events with the client's cookies, the way a browser's EventSource would. */
export function openEventStream(
  client: TestClient,
  headers: Record<string, string> = {},
): Promise<EventStream> {
  return openLiveStream(client, '/api/lab/jobs/events', headers);
}
