#!/usr/bin/env node
// Phone calls under load: the production API as a child process with Twilio and OpenAI realtime pointed at
// the loopback fakes (Twilio on this thread, OpenAI on a worker thread; times on the process's shared
// clock). CALLS calls are placed at once through
// POST /api/annie/call/start; the Twilio fake answers each as a callee speaking 20 ms μ-law frames in real
// time for CALLEE_SECONDS, while the realtime fake speaks a reply in 20 ms-paced deltas. Prints the frames
// dropped between the callee and OpenAI, the time each frame spends in the bridge (fake Twilio send →
// fake OpenAI receive, and back), and call placed → first assistant audio at the callee.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { calleeAudio } from '@annie/fakes/mulaw';
import { startTwilioFake } from '@annie/fakes/twilio-fake';
import { benchApiEnv, signIn, startApi } from '../lib/api-process.ts';
import { createBenchDatabase } from '../lib/database.ts';
import { closeConnections, type Headers, send } from '../lib/http.ts';
import { sharedClock, startRealtimeFakeWorker, type WorkerSession } from '../lib/realtime-fake-worker.ts';
import { ROOT } from '../lib/root.ts';
import { ms, percentile, verdict } from '../lib/stats.ts';
import { benchOptions } from './benchmarks.ts';

const OPTIONS = benchOptions('phone-calls', {
  quick: { type: 'boolean', help: '5 calls of 4 s instead of 20 of 10 s' },
  keep: { type: 'boolean', help: 'leave the database for inspection' },
});
const QUICK = OPTIONS.quick;
const KEEP = OPTIONS.keep;
const PORT = Number(process.env.BENCH_PORT ?? 4194);
const CALLS = QUICK ? 5 : 20;
const CALLEE_SECONDS = QUICK ? 4 : 10;
const ADMIN_PASSWORD = 'bench-admin-password';
const OPENAI_KEY = 'sk-bench-phone';
const NUMBER = '+14155550100';
const TARGET_P99_MS = 5;
const DATA_DIR = '.data/bench-phone-calls';

const numberOf = (index: number) => `+1415555${String(4000 + index).padStart(4, '0')}`;

function stats(values: readonly number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
  };
}

const line = (label: string, s: ReturnType<typeof stats>) =>
  console.log(
    `  ${label.padEnd(44)} n=${String(s.n).padStart(5)}  p50 ${ms(s.p50, 2)}  p95 ${ms(s.p95, 2)}  p99 ${ms(s.p99, 2)}  max ${ms(s.max, 1)}`,
  );

/** The realtime session of the call to `to` (its instructions name the number). */
const sessionFor = (sessions: readonly WorkerSession[], to: string) =>
  sessions.find((session) => JSON.stringify(session.update).includes(`(${to})`));

async function placeCalls(headers: Headers, from: number, count: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const to = numberOf(from + index);
      const placedAt = performance.now();
      const response = await send(
        PORT,
        'POST',
        '/api/annie/call/start',
        { to, message: 'Confirm the delivery' },
        headers,
      );
      if (response.status !== 201)
        throw new Error(`call/start answered ${response.status}: ${response.text}`);
      return { to, placedAt };
    }),
  );
}

async function main() {
  const fixture = calleeAudio();
  const speech = Buffer.concat(
    Array.from({ length: Math.ceil((CALLEE_SECONDS * 8000) / fixture.length) }, () => fixture),
  );
  const realtime = await startRealtimeFakeWorker({
    realtimeFake: {
      apiKey: OPENAI_KEY,
      // No user turns: every assistant delta reaches the callee (a barge-in would drop the rest), 50 × 20 ms.
      script: { userTranscripts: [], audioChunksPerReply: 50, chunkIntervalMs: 20 },
    },
  });
  const clock = sharedClock();
  const twilio = await startTwilioFake({
    callee: { audio: speech.subarray(0, CALLEE_SECONDS * 8000), frameIntervalMs: 20, hangUpAfterMs: 300 },
  });
  await rm(join(ROOT, DATA_DIR), { recursive: true, force: true });
  await mkdir(join(ROOT, DATA_DIR), { recursive: true });
  const caFile = join(ROOT, DATA_DIR, 'realtime-ca.pem');
  await writeFile(caFile, realtime.ca);
  const database = await createBenchDatabase('annie_bench_phone_calls', { keep: KEEP });
  const env = benchApiEnv({
    port: PORT,
    databaseUrl: database.url,
    dataDir: DATA_DIR,
    extra: {
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      ANNIE_ADMIN_PASSWORD: ADMIN_PASSWORD,
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_PHONE_NUMBER: NUMBER,
      TWILIO_API_BASE_URL: twilio.url,
      OPENAI_API_KEY: OPENAI_KEY,
      OPENAI_BASE_URL: realtime.baseURL,
      OPENAI_REALTIME_CA_FILE: caFile,
    },
  });
  const api = await startApi(env);
  try {
    const { headers } = await signIn(PORT, 'admin', ADMIN_PASSWORD);
    // One call first, not measured: the API's code paths, TLS to OpenAI and the database are warm.
    const warm = await placeCalls(headers, 900, 1);
    const warmCall = twilio.calls.calls.find((call) => call.to === warm[0]?.to);
    if (!warmCall) throw new Error('the warm-up call never reached the Twilio fake');
    await twilio.calls.ended(warmCall.sid);

    const load = loadavg()[0] ?? 0;
    // The Twilio fake runs on this thread: its event-loop delay is part of every figure below.
    const ownDelay = monitorEventLoopDelay({ resolution: 5 });
    ownDelay.enable();
    const placed = await placeCalls(headers, 0, CALLS);
    const calls = placed.map((each) => {
      const call = twilio.calls.calls.find((placedCall) => placedCall.to === each.to);
      if (!call) throw new Error(`the call to ${each.to} never reached the Twilio fake`);
      return { ...each, call };
    });
    await Promise.all(calls.map(({ call }) => twilio.calls.ended(call.sid)));
    ownDelay.disable();
    const sessions = await realtime.sessions();

    let sent = 0;
    let received = 0;
    const inbound: number[] = [];
    const steady: number[] = [];
    const settled: number[] = [];
    // Once every call's realtime session is up, no call is setting up (TLS handshakes, webhooks) any more.
    const allOpenAt = Math.max(...calls.map(({ to }) => sessionFor(sessions, to)?.openedAt ?? 0));
    const outbound: number[] = [];
    const firstAudio: number[] = [];
    let unexpected = 0;
    for (const { to, placedAt, call } of calls) {
      const session = sessionFor(sessions, to);
      const stream = call.stream;
      if (!session || !stream) throw new Error(`call to ${to} never streamed (${call.status})`);
      const appendedAt = session.appendAt;
      // The Twilio fake's times, on the clock the realtime worker's are on.
      const sentAt = stream.sentFrameAt.map(clock);
      const mediaAt = stream.media.map((media) => clock(media.at));
      sent += stream.sentFrameAt.length;
      received += appendedAt.length;
      // Frames the callee sent before the realtime session was configured waited in the bridge's start-up buffer.
      const bridgeOpenAt = session.openedAt;
      sentAt.forEach((at, index) => {
        const appended = appendedAt[index];
        if (appended === undefined) return;
        inbound.push(appended - at);
        if (at >= bridgeOpenAt) steady.push(appended - at);
        if (at >= allOpenAt) settled.push(appended - at);
      });
      session.sentAudioAt.forEach((at, index) => {
        const media = mediaAt[index];
        if (media !== undefined) outbound.push(media - at);
      });
      const first = mediaAt[0];
      if (first !== undefined) firstAudio.push(first - clock(placedAt));
      unexpected += stream.unexpected.length;
    }
    const bridged = stats(steady);
    console.log(
      `Phone calls: ${CALLS} at once, the callee speaking ${CALLEE_SECONDS} s of 20 ms μ-law frames each (load average ${load.toFixed(1)} before)`,
    );
    console.log(
      `  frames: ${sent} sent by the callee, ${received} reached OpenAI, ${sent - received} dropped; ${unexpected} unexpected messages to Twilio`,
    );
    line('callee frame → OpenAI append (bridge + 2 hops)', stats(inbound));
    line('  of them sent once the bridge was open', bridged);
    line('  of them sent once every call was set up', stats(settled));
    line('OpenAI audio delta → callee media', stats(outbound));
    line('call placed → first assistant audio at callee', stats(firstAudio));
    const toMs = (ns: number) => ns / 1e6;
    console.log(
      `  the Twilio fake's event-loop delay meanwhile: p50 ${ms(toMs(ownDelay.percentile(50)), 2)}, p99 ${ms(toMs(ownDelay.percentile(99)), 2)}, max ${ms(toMs(ownDelay.max), 1)}`,
    );
    console.log(
      `  p99 callee frame → OpenAI once the bridge was open, against ${TARGET_P99_MS} ms: ${verdict(bridged.p99 <= TARGET_P99_MS)}; dropped frames: ${verdict(sent === received)}`,
    );
  } finally {
    await api.stop();
    closeConnections();
    await twilio.close();
    await realtime.close();
    await database.drop();
  }
}

await main();
