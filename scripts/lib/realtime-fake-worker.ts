// The OpenAI realtime fake on a thread of its own, so a benchmark's other fake (in the main thread) and
// this one do not wait for each other's event loop. Times cross threads on the process's monotonic clock.
import { parentPort, Worker, workerData } from 'node:worker_threads';
import type { OpenAIRealtimeFakeOptions } from '@annie/fakes/openai-realtime-fake';
import { workerReplies } from './worker-replies.ts';

/** Milliseconds on `process.hrtime`, which every thread of the process shares (performance.now does not). */
export function sharedClock(): (performanceNow: number) => number {
  // The tightest of several readings (a thread's first reading of either clock can take a while).
  let best = { gap: Number.POSITIVE_INFINITY, hr: 0, now: 0 };
  for (let i = 0; i < 20; i++) {
    const before = performance.now();
    const hr = Number(process.hrtime.bigint()) / 1e6;
    const after = performance.now();
    if (after - before < best.gap) best = { gap: after - before, hr, now: (before + after) / 2 };
  }
  return (performanceNow) => best.hr + (performanceNow - best.now);
}

/** One realtime session as the worker reports it, its times on the shared clock. */
export interface WorkerSession {
  update: unknown;
  openedAt: number;
  appendAt: number[];
  sentAudioAt: number[];
}

interface Started {
  baseURL: string;
  ca: string;
}

/**
 * Starts the fake in a worker: `{baseURL, ca}`, `sessions()` → per session its `session.update`, when each
 * `input_audio_buffer.append` arrived and when each audio delta was sent (shared-clock milliseconds).
 */
export async function startRealtimeFakeWorker(options: { realtimeFake: OpenAIRealtimeFakeOptions }) {
  const worker = new Worker(new URL(import.meta.url), { workerData: options });
  const replies = workerReplies<Started>(worker);
  const { ask } = replies;
  const started = await replies.started;
  return {
    ...started,
    sessions: () => ask<WorkerSession[]>('sessions'),
    close: async () => {
      await ask('close');
      await worker.terminate();
    },
  };
}

if (parentPort && workerData?.realtimeFake) {
  const port = parentPort;
  const { startOpenAIRealtimeFake } = await import('@annie/fakes/openai-realtime-fake');
  const fake = await startOpenAIRealtimeFake(workerData.realtimeFake);
  const clock = sharedClock();
  port.postMessage({ baseURL: fake.baseURL, ca: fake.ca } satisfies Started);
  port.on('message', async (message) => {
    if (message === 'close') {
      await fake.close();
      port.postMessage('closed');
      return;
    }
    port.postMessage(
      fake.sessions.map(
        (session): WorkerSession => ({
          update: session.eventsOf('session.update')[0] ?? null,
          openedAt: clock(session.receivedAt[0] ?? 0),
          appendAt: session.received
            .map((event, index) =>
              event.type === 'input_audio_buffer.append' ? clock(session.receivedAt[index] ?? 0) : null,
            )
            .filter((at) => at !== null),
          sentAudioAt: session.sentAudioAt.map(clock),
        }),
      ),
    );
  });
}
