import type { TestClient } from './test-client.ts';

/** An open server-sent event stream: collected events, and a way to wait for one. */
export type EventStream = {
  events: { event: string; data: unknown }[];
  next: (
    predicate: (event: { event: string; data: unknown }) => boolean,
    timeoutMs?: number,
  ) => Promise<unknown>;
  close: () => void;
  /** Resolves when the server ends the stream (not when `close` aborts it). */
  ended: Promise<void>;
};

/** Opens a server-sent event stream with the client's cookies, the way a browser's EventSource would. */
export async function openLiveStream(
  client: TestClient,
  path: string,
  headers: Record<string, string> = {},
): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(`${client.baseUrl}${path}`, {
    headers: { Cookie: client.cookieHeader, Accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body) throw new Error(`event stream answered ${response.status}`);
  const events: EventStream['events'] = [];
  const waiters = new Set<() => void>();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let serverEnded = () => {};
  const ended = new Promise<void>((resolve) => {
    serverEnded = resolve;
  });
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          serverEnded();
          return;
        }
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
    ended,
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
