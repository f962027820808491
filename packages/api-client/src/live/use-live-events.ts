import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import { reconnectDelay } from './reconnect-delay.ts';

/** A stream's event names, each with the schema of its data. `resync` is reserved. */
export type LiveEventSchemas = Record<string, z.ZodType>;

/** One event of a stream: its name and its parsed data. */
export type LiveEvent<S extends LiveEventSchemas> = {
  [K in keyof S & string]: { type: K; data: z.output<S[K]> };
}[keyof S & string];

export type LiveEventsOptions<S extends LiveEventSchemas> = {
  /** The events to listen to; keep it a module constant (a change takes effect on the next connect). */
  events: S;
  /**
   * Events may have been missed: the server sent `resync`, the stream came back after a drop, or an
   * event could not be read. Reload what the stream keeps current (e.g. invalidate its queries).
   */
  onResync?: () => void;
};

/** The event a server sends when its own listener reconnected and some events may be lost. */
export const RESYNC_EVENT = 'resync';

/**
 * Listens to the server-sent events at `url` (with the session cookie) while mounted, handing each
 * listed event to `onEvent` parsed with its schema. A dropped or refused stream is reopened after a
 * capped, jittered exponential backoff, and `onResync` runs once it is back. `url` null: no stream.
 */
export function useLiveEvents<S extends LiveEventSchemas>(
  url: string | null,
  onEvent: (event: LiveEvent<S>) => void,
  options: LiveEventsOptions<S>,
): void {
  // The latest callbacks, so a re-render with new closures does not reopen the stream.
  const latest = useRef({ onEvent, options });
  useEffect(() => {
    latest.current = { onEvent, options };
  });

  useEffect(() => {
    if (url === null || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let connectedBefore = false;
    let stopped = false;
    const resync = () => latest.current.options.onResync?.();

    const deliver = (type: string, event: MessageEvent) => {
      const schema = latest.current.options.events[type];
      const parsed = schema?.safeParse(parseJson(event.data));
      if (!parsed?.success) {
        console.warn(`live events: unreadable "${type}" event from ${url}`, event.data);
        return resync();
      }
      latest.current.onEvent({ type, data: parsed.data } as LiveEvent<S>);
    };

    const connect = () => {
      const current = new EventSource(url, { withCredentials: true });
      source = current;
      current.addEventListener('open', () => {
        failures = 0;
        if (connectedBefore) resync();
        connectedBefore = true;
      });
      current.addEventListener(RESYNC_EVENT, resync);
      for (const type of Object.keys(latest.current.options.events)) {
        current.addEventListener(type, (event) => deliver(type, event));
      }
      current.addEventListener('error', () => {
        // The browser either retries at the server's fixed interval or, on a refused answer (CLOSED),
        // never again; both are replaced by one reconnect schedule that backs off while the server is down.
        current.close();
        if (stopped) return;
        retryTimer = setTimeout(connect, reconnectDelay(failures));
        failures += 1;
      });
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [url]);
}

function parseJson(text: unknown): unknown {
  try {
    return typeof text === 'string' ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
