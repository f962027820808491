#!/usr/bin/env node
// Browser realtime call figures against the loopback WebRTC fake. Starts the fake in this process and the
// production API as a child pointed at it (a database of its own on the local PostgreSQL), signs in as the
// first admin, adds a fact to find, and places N calls the way the voice page does, with a werift peer in
// place of Chromium (audio sendrecv + the oai-events channel, offer posted without waiting for ICE):
//  - offer → channel open: from creating the offer to the events channel being open (POST
//    /api/realtime/offer with the session compile, the fake's answer and the call-session insert, then
//    ICE, DTLS and SCTP on loopback); the POST alone is printed beside it;
//  - function-call round trip: from the fake sending response.function_call_arguments.done to it
//    receiving the client's response.create, the client running search_knowledge_base as the page does
//    (GET /api/knowledge/search) and sending function_call_output then response.create. The fake and
//    the client share this process's clock; the search request alone is printed beside it.
import { startOpenAIRealtimeWebRtcFake } from '@annie/fakes/openai-realtime-webrtc-fake';
import { WebRtcTestPeer } from '@annie/fakes/webrtc-test-peer';
import { benchApiEnv, signIn, startApi } from '../lib/api-process.ts';
import { numberOption } from '../lib/cli-options.ts';
import { createBenchDatabase } from '../lib/database.ts';
import { runThenExit } from '../lib/run-then-exit.ts';
import { ms, summary, verdict } from '../lib/stats.ts';
import { benchOptions } from './benchmarks.ts';

const OPTIONS = benchOptions('realtime-call', {
  quick: { type: 'boolean', help: '5 calls instead of 30' },
  calls: { type: 'string', value: 'n', help: 'calls placed (overrides --quick)' },
});
const API_PORT = 4196;
const BASE = `http://127.0.0.1:${API_PORT}`;
const PASSWORD = 'bench-admin-password';
const CALLS = numberOption(OPTIONS.calls, 'calls', OPTIONS.quick ? 5 : 30);
// The target: tool round trip overhead ≤ 50 ms p95.
const ROUND_TRIP_BUDGET_MS = 50;

const line = (label: string, values: number[]) => {
  const { p50, p95, max } = summary(values);
  return `${label}: median ${ms(p50, 1)}, p95 ${ms(p95, 1)}, max ${ms(max, 1)} (n=${values.length})`;
};

async function main() {
  const database = await createBenchDatabase('annie_bench_realtime_call');
  const fake = await startOpenAIRealtimeWebRtcFake({
    apiKey: 'bench-key',
    script: { audioPackets: 5, replyAfterTool: 'Found it.' },
  });
  const api = await startApi(
    benchApiEnv({
      port: API_PORT,
      databaseUrl: database.url,
      dataDir: '.data/bench-realtime-call',
      extra: {
        ANNIE_ADMIN_PASSWORD: PASSWORD,
        OPENAI_API_KEY: 'bench-key',
        OPENAI_REALTIME_CALLS_BASE_URL: fake.baseURL,
        WEBRTC_ICE_SERVERS: 'none',
        REALTIME_OFFERS_PER_MINUTE: '10000',
      },
    }),
  );
  try {
    const { headers } = await signIn(API_PORT, 'admin', PASSWORD);
    const fact = await fetch(`${BASE}/api/knowledge/facts`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ key: 'henderson_renewal', value: 'March' }),
    });
    if (!fact.ok) throw new Error(`adding the fact failed: ${fact.status}`);

    const postOffer = (timings: { postMs?: number }) => async (sdp: string) => {
      const started = performance.now();
      const response = await fetch(`${BASE}/api/realtime/offer`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/sdp' },
        body: sdp,
      });
      const answer = await response.text();
      timings.postMs = performance.now() - started;
      if (response.status !== 201) throw new Error(`offer refused: ${response.status} ${answer}`);
      return answer;
    };

    const opens: number[] = [];
    const posts: number[] = [];
    const roundTrips: number[] = [];
    const searches: number[] = [];
    for (let index = 0; index < CALLS; index++) {
      const timings: { postMs?: number } = {};
      const peer = await WebRtcTestPeer.connect(postOffer(timings));
      const call = await fake.nextCall();
      opens.push(peer.timings.openedAt - peer.timings.offeredAt);
      posts.push(timings.postMs ?? Number.NaN);

      // The page's tool loop, as soon as the call arrives: search, then output and response.create.
      const answered = peer
        .waitForServerEvent('response.function_call_arguments.done')
        .then(async ({ event }) => {
          const started = performance.now();
          const query = JSON.parse(String(event.arguments)).query;
          const search = await fetch(`${BASE}/api/knowledge/search?q=${encodeURIComponent(query)}`, {
            headers,
          });
          const output = await search.text();
          searches.push(performance.now() - started);
          peer.send({
            type: 'conversation.item.create',
            item: { type: 'function_call_output', call_id: event.call_id, output },
          });
          peer.send({ type: 'response.create' });
        });
      await call.userSays({
        transcript: 'When does Henderson renew?',
        functionCall: { name: 'search_knowledge_base', arguments: '{"query":"henderson"}' },
      });
      await answered;
      const asked = call.sent.findIndex((event) => event.type === 'response.function_call_arguments.done');
      const { index: requested } = await call.waitForClientEvent('response.create');
      roundTrips.push(
        (call.received.arrivedAt[requested] ?? Number.NaN) - (call.sentAt[asked] ?? Number.NaN),
      );
      await peer.close();
      await call.hangup();
    }

    console.log(
      `Browser realtime calls against the loopback WebRTC fake (werift peer for Chromium), ${CALLS} calls`,
    );
    console.log(line('Offer → events channel open', opens));
    console.log(line('  of which POST /api/realtime/offer', posts));
    const roundTripSummary = summary(roundTrips);
    console.log(
      `${line('Function-call round trip (search_knowledge_base)', roundTrips)} — p95 budget ${ROUND_TRIP_BUDGET_MS} ms: ${verdict(roundTripSummary.p95 <= ROUND_TRIP_BUDGET_MS)}`,
    );
    console.log(line('  of which GET /api/knowledge/search', searches));
    console.log(
      line(
        '  the rest (channel both ways, JSON, the fake)',
        roundTrips.map((total, i) => total - (searches[i] ?? 0)),
      ),
    );
  } finally {
    await api.stop();
    await fake.close();
    await database.drop();
  }
}

// werift keeps UDP sockets of closed peer connections open: the process is ended when main is done.
runThenExit(main);
