import { PassThrough } from 'node:stream';
import { LAB_JOB_EVENT } from '@annie/api-client/contracts/lab';
import type { Middleware } from 'koa';
import { unauthorized } from '../../lib/http-errors.ts';
import type { AppState } from '../auth/auth-context.ts';
import type { LabJobEventHub, LabJobSignal } from './lab-job-events.ts';

const HEARTBEAT_MS = 25_000;
const RECONNECT_DELAY_MS = 3_000;

function frame(signal: LabJobSignal): string {
  return signal.kind === 'job'
    ? `event: ${LAB_JOB_EVENT}\ndata: ${JSON.stringify(signal.event)}\n\n`
    : 'event: resync\ndata: {}\n\n';
}

/**
 * GET /api/lab/jobs/events: a server-sent event stream of the tenant's job changes (`lab-job` events
 * with `{id, status}`, and `resync` when some may have been missed). Comments keep idle proxies from
 * closing it; EventSource reconnects by itself when it drops.
 */
export function labJobStream(hub: LabJobEventHub): Middleware<AppState> {
  return async function streamLabJobEvents(ctx) {
    const tenantId = ctx.state.auth?.tenantId;
    if (!tenantId) throw unauthorized();
    const stream = new PassThrough();
    const write = (chunk: string) => {
      if (!stream.writableEnded) stream.write(chunk);
    };
    let heartbeat: NodeJS.Timeout | undefined;
    let unsubscribe = () => {};
    const finish = () => {
      clearInterval(heartbeat);
      unsubscribe();
      if (!stream.writableEnded) stream.end();
    };
    unsubscribe = await hub.subscribe(tenantId, { signal: (signal) => write(frame(signal)), end: finish });

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
