import { type LabJob, labJobSchema } from '@annie/api-client/contracts/lab';
import type { TestApp } from '../../../../test/test-app.ts';
import type { TestClient } from '../../../../test/test-client.ts';

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

/** An open server-sent event stream: collected events, and a way to wait for one. */
export type EventStream = {
  events: { event: string; data: unknown }[];
  next: (
    predicate: (event: { event: string; data: unknown }) => boolean,
    timeoutMs?: number,
  ) => Promise<unknown>;
  close: () => void;
};

/** Opens GET /api/lab/jobs/events with the client's cookies, the way a browser's EventSource would. */
export async function openEventStream(
  client: TestClient,
  headers: Record<string, string> = {},
): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(`${client.baseUrl}/api/lab/jobs/events`, {
    headers: { Cookie: client.cookieHeader, Accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body) throw new Error(`event stream answered ${response.status}`);
  const events: EventStream['events'] = [];
  const waiters = new Set<() => void>();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(frame)?.[1];
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
          for (const wake of waiters) wake();
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    events,
    close: () => controller.abort(),
    next: (predicate, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(predicate);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found.data);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error('event not received in time'));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
  };
}
