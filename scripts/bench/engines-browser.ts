#!/usr/bin/env node
// Browser calls, Realtime vs GPT-Live: the click (the offer made) → the greeting's first audio at the
// browser. The production API runs as a child on a database of its own, pointed at both WebRTC fakes
// in this process; a werift peer stands in for Chromium and signals through POST /api/realtime/offer as
// the voice page does. The default profile runs on one engine, then on the other; each greets with the
// same line at once (no "thinking" in either fake). On Realtime the page asks for the greeting once the
// events channel is open (response.create, as the voice page does); on GPT-Live the server does, over
// its sideband, before the browser has its answer. Printed per engine:
//  - POST /api/realtime/offer: our server's part (profile compiled, the session created at the fake, on
//    GPT-Live the sideband attached and the greeting asked) and the fake's answer;
//  - offer → events channel open (ICE, DTLS, SCTP on loopback);
//  - offer → the greeting's first audio packet at the browser (the fakes send no packet for silence).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startOpenAILiveFake } from '@annie/fakes/openai-live-fake';
import { startOpenAIRealtimeWebRtcFake } from '@annie/fakes/openai-realtime-webrtc-fake';
import { WebRtcTestPeer } from '@annie/fakes/webrtc-test-peer';
import { benchApiEnv, signIn, startApi } from '../lib/api-process.ts';
import { createBenchDatabase } from '../lib/database.ts';
import { ROOT } from '../lib/root.ts';
import { runThenExit } from '../lib/run-then-exit.ts';
import { ms, summary } from '../lib/stats.ts';
import { benchOptions } from './benchmarks.ts';

const OPTIONS = benchOptions('engines-browser', {
  quick: { type: 'boolean', help: '3 calls per engine instead of 10' },
});
const CALLS = OPTIONS.quick ? 3 : 10;
const API_PORT = 4197;
const BASE = `http://127.0.0.1:${API_PORT}`;
const PASSWORD = 'bench-admin-password';
const KEY = 'bench-key';
const GREETING = 'Good afternoon, this is James. How may I help?';
const DATA_DIR = '.data/bench-engines-browser';

const line = (label: string, values: number[]) => {
  const finite = values.filter(Number.isFinite);
  const { p50, p95, max } = summary(finite);
  console.log(
    `  ${label.padEnd(44)} p50 ${ms(p50, 1)}  p95 ${ms(p95, 1)}  max ${ms(max, 1)} (n=${finite.length})`,
  );
};

/** Resolves once `check` holds, polled every 2 ms; rejects after `timeoutMs`. */
async function until(check: () => boolean, timeoutMs = 10_000) {
  const due = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > due) throw new Error('no greeting audio within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

async function main() {
  const database = await createBenchDatabase('annie_bench_engines_browser');
  const realtime = await startOpenAIRealtimeWebRtcFake({ apiKey: KEY, script: { greeting: GREETING } });
  const live = await startOpenAILiveFake({ apiKey: KEY, script: { userTurns: [], greeting: GREETING } });
  await mkdir(join(ROOT, DATA_DIR), { recursive: true });
  const caFile = join(ROOT, DATA_DIR, 'ca.pem');
  await writeFile(caFile, `${realtime.sideband.ca}\n${live.ca}`);
  const api = await startApi(
    benchApiEnv({
      port: API_PORT,
      databaseUrl: database.url,
      dataDir: DATA_DIR,
      extra: {
        ANNIE_ADMIN_PASSWORD: PASSWORD,
        OPENAI_API_KEY: KEY,
        OPENAI_REALTIME_CALLS_BASE_URL: realtime.baseURL,
        OPENAI_REALTIME_SIDEBAND_BASE_URL: realtime.sideband.baseURL,
        OPENAI_REALTIME_CA_FILE: caFile,
        OPENAI_LIVE_BASE_URL: live.baseURL,
        OPENAI_LIVE_CALLS_BASE_URL: live.callsBaseURL,
        OPENAI_LIVE_CA_FILE: caFile,
        WEBRTC_ICE_SERVERS: 'none',
        REALTIME_OFFERS_PER_MINUTE: '10000',
      },
    }),
  );
  try {
    const { headers } = await signIn(API_PORT, 'admin', PASSWORD);
    const json = { ...headers, 'Content-Type': 'application/json' };
    const created = await fetch(`${BASE}/api/voice/profiles`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'Bench', isDefault: true }),
    });
    if (created.status !== 201) throw new Error(`the profile was refused: ${created.status}`);
    const { id } = (await created.json()) as { id: string };
    console.log(
      `Browser calls, Realtime vs GPT-Live: ${CALLS} calls per engine, one at a time (werift peer)`,
    );
    for (const engine of ['realtime', 'live'] as const) {
      const patched = await fetch(`${BASE}/api/voice/profiles/${id}`, {
        method: 'PATCH',
        headers: json,
        body: JSON.stringify({ engine, engineSplitPercent: 0 }),
      });
      if (!patched.ok) throw new Error(`the profile's engine was refused: ${patched.status}`);
      const figures = { post: [] as number[], open: [] as number[], greeting: [] as number[] };
      // One call first, not measured: code paths, TLS to the fake and the database are warm.
      for (let call = -1; call < CALLS; call += 1) {
        let postMs = Number.NaN;
        let answeredBy = '';
        const peer = await WebRtcTestPeer.connect(async (sdp) => {
          const started = performance.now();
          const response = await fetch(`${BASE}/api/realtime/offer`, {
            method: 'POST',
            headers: { ...headers, 'Content-Type': 'application/sdp' },
            body: sdp,
          });
          const answer = await response.text();
          postMs = performance.now() - started;
          answeredBy = response.headers.get('x-voice-engine') ?? '';
          if (response.status !== 201) throw new Error(`offer refused: ${response.status} ${answer}`);
          return answer;
        });
        if (answeredBy !== engine) throw new Error(`the call ran on ${answeredBy}, not ${engine}`);
        if (engine === 'realtime') peer.send({ type: 'response.create' });
        await until(() => peer.rtpPacketsReceived > 0);
        const heard = performance.now();
        if (call >= 0) {
          figures.post.push(postMs);
          figures.open.push(peer.timings.openedAt - peer.timings.offeredAt);
          figures.greeting.push(heard - peer.timings.offeredAt);
        }
        await peer.close();
        if (engine === 'realtime') await realtime.calls.at(-1)?.hangup('the caller hung up');
        else live.webrtc.at(-1)?.session.end('remote_hangup');
      }
      console.log(
        engine === 'live' ? 'GPT-Live (client.live.create + sideband)' : 'Realtime (calls.create + sideband)',
      );
      line('POST /api/realtime/offer', figures.post);
      line('offer → events channel open', figures.open);
      line('offer → greeting audio at the browser', figures.greeting);
    }
  } finally {
    await api.stop();
    await realtime.close();
    await live.close();
    await database.drop();
  }
}

// werift keeps UDP sockets of closed peer connections open: the process is ended when main is done.
runThenExit(main);
