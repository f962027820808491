import { PassThrough } from 'node:stream';
import type { Middleware } from 'koa';
import { type AppState, authOf } from '../http/app-state.ts';
import { Session } from '../http/session/session.ts';
import type { SessionConnections } from '../http/session/session-connections.ts';
import type { LiveChannel } from './live-channel.ts';
import type { LiveHub, LiveSignal } from './live-hub.ts';

const HEARTBEAT_MS = 25_000;
const RECONNECT_DELAY_MS = 3_000;

function frame(signal: LiveSignal): string {
  return signal.kind === 'event'
    ? `event: ${signal.event}\ndata: ${JSON.stringify(signal.payload)}\n\n`
    : 'event: resync\ndata: {}\n\n';
}

/** How a stream filters its events. */
export type LiveStreamOptions = {
  /**
   * The channels' payloads carry the `userId` they are meant for: only the signed-in user's reach the
   * stream, and without that field (another user's events of the tenant never leave the server).
   */
  userScoped?: boolean;
};

/** The signal as the user may see it: their own event without its `userId`, or nothing. */
function ownSignal(signal: LiveSignal, userId: string): LiveSignal | undefined {
  if (signal.kind !== 'event') return signal;
  const { userId: owner, ...payload } = signal.payload as { userId?: unknown };
  return owner === userId ? { ...signal, payload } : undefined;
}

/**
 * A server-sent event stream of the signed-in tenant's events on `channels` (use after requireAuth),
 * plus `resync` when some may have been missed. Each frame is written as it happens (no buffering, no
 * compression); comments keep idle proxies from closing it; `retry` tells EventSource how soon to
 * reconnect; the stream ends cleanly when the hub closes at shutdown, and at once when the session it
 * was opened under is revoked (sign-out, password change, user deleted).
 */
export function liveStream(
  hub: LiveHub,
  channels: LiveChannel<unknown>[],
  connections: SessionConnections,
  options: LiveStreamOptions = {},
): Middleware<AppState> {
  return async function streamLiveEvents(ctx) {
    const { tenantId, userId } = authOf(ctx);
    const stream = new PassThrough();
    const write = (chunk: string) => {
      if (!stream.writableEnded) stream.write(chunk);
    };
    let heartbeat: NodeJS.Timeout | undefined;
    let unsubscribe = () => {};
    let untrack = () => {};
    const finish = () => {
      clearInterval(heartbeat);
      unsubscribe();
      untrack();
      if (!stream.writableEnded) stream.end();
    };
    unsubscribe = await hub.subscribe(tenantId, channels, {
      signal: (signal) => {
        const shown = options.userScoped ? ownSignal(signal, userId) : signal;
        if (shown) write(frame(shown));
      },
      end: finish,
    });
    try {
      const sessionId = Session.idOf(ctx.session);
      untrack = await connections.track({ sessionId, userId, adminOnly: false, close: finish });
    } catch (error) {
      finish();
      throw error;
    }

    ctx.req.socket.setTimeout(0);
    ctx.req.socket.setNoDelay(true);
    ctx.req.socket.setKeepAlive(true);
    ctx.req.on('close', finish);
    ctx.set({
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    ctx.type = 'text/event-stream';
    ctx.status = 200;
    ctx.body = stream;
    write(`retry: ${RECONNECT_DELAY_MS}\n: connected\n\n`);
    heartbeat = setInterval(() => write(': keep-alive\n\n'), HEARTBEAT_MS);
  };
}
