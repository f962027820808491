// The OpenAI realtime fake on a thread of its own, so a benchmark's other fake (in the main thread) and
// this one do not wait for each other's event loop. Times cross threads on the process's monotonic clock.
import { join } from 'node:path';
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { ROOT } from './root.mjs';

/** Milliseconds on `process.hrtime`, which every thread of the process shares (performance.now does not). */
export function sharedClock() {
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

/**
 * Starts the fake in a worker: `{baseURL, ca}`, `sessions()` → per session its `session.update`, when each
 * `input_audio_buffer.append` arrived and when each audio delta was sent (shared-clock milliseconds).
 */
export async function startRealtimeFakeWorker(options) {
  const worker = new Worker(new URL(import.meta.url), { workerData: options });
  const replies = [];
  worker.on('message', (message) => replies.shift()?.(message));
  const ask = (message) =>
    new Promise((resolve) => {
      replies.push(resolve);
      worker.postMessage(message);
    });
  const started = await new Promise((resolve, reject) => {
    replies.push(resolve);
    worker.once('error', reject);
  });
  return {
    ...started,
    sessions: () => ask('sessions'),
    close: async () => {
      await ask('close');
      await worker.terminate();
    },
  };
}

if (parentPort && workerData?.realtimeFake) {
  const { startOpenAIRealtimeFake } = await import(join(ROOT, 'packages/fakes/src/openai-realtime-fake.ts'));
  const fake = await startOpenAIRealtimeFake(workerData.realtimeFake);
  const clock = sharedClock();
  parentPort.postMessage({ baseURL: fake.baseURL, ca: fake.ca });
  parentPort.on('message', async (message) => {
    if (message === 'close') {
      await fake.close();
      parentPort.postMessage('closed');
      return;
    }
    parentPort.postMessage(
      fake.sessions.map((session) => ({
        update: session.eventsOf('session.update')[0] ?? null,
        openedAt: clock(session.receivedAt[0] ?? 0),
        appendAt: session.received
          .map((event, index) =>
            event.type === 'input_audio_buffer.append' ? clock(session.receivedAt[index]) : null,
          )
          .filter((at) => at !== null),
        sentAudioAt: session.sentAudioAt.map(clock),
      })),
    );
  });
}
