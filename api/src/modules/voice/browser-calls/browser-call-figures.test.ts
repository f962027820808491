import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callSessionListSchema } from '@annie/contracts/calls';
import { CALL_SESSION_HEADER } from '@annie/contracts/realtime';
import { startOpenAIRealtimeFake } from '@annie/fakes/openai-realtime-fake';
import type {
  RealtimeResponseUsage,
  RealtimeTranscriptionDuration,
} from '@annie/fakes/openai-realtime-usage';
import {
  type RealtimeWebRtcCall,
  startOpenAIRealtimeWebRtcFake,
} from '@annie/fakes/openai-realtime-webrtc-fake';
import type { RealtimeEvent } from '@annie/fakes/realtime-event-log';
import { WebRtcTestPeer } from '@annie/fakes/webrtc-test-peer';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import {
  publishedCostUsd,
  transcriptionSecondsSent,
  voiceTokensSent,
} from '../../../../test/published-prices.ts';
import { startTestApp } from '../../../../test/test-app.ts';
import type { TestClient } from '../../../../test/test-client.ts';
import { metricValue } from '../../../observability/testing/metric-values.ts';

// The model "thinks" this long after each turn, so a latency is a figure to match, not a rounding error.
const THINK_MS = 400;
const fake = await startOpenAIRealtimeWebRtcFake({
  apiKey: 'sk-test',
  script: { responseDelayMs: THINK_MS },
});
// One CA file trusts both realtime fakes, as the sandbox's does: the phone fake's certificate comes first.
const phoneFake = await startOpenAIRealtimeFake({ apiKey: 'sk-test' });
const caFile = join(mkdtempSync(join(tmpdir(), 'annie-sideband-')), 'ca.pem');
writeFileSync(caFile, `${phoneFake.ca}\n${fake.sideband.ca}`);
const app = await startTestApp({
  OPENAI_API_KEY: 'sk-test',
  OPENAI_REALTIME_CALLS_BASE_URL: fake.baseURL,
  OPENAI_REALTIME_SIDEBAND_BASE_URL: fake.sideband.baseURL,
  OPENAI_REALTIME_CA_FILE: caFile,
});
const alice = await app.signedIn(await app.createUser({ tenantId: 'figures-a' }));
const bobAdmin = await app.signedIn(await app.createUser({ tenantId: 'figures-b', isAdmin: true }));
const peers: WebRtcTestPeer[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((peer) => peer.close()));
});
afterAll(async () => {
  await fake.close();
  await phoneFake.close();
});

const waitFor = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 15_000, interval: 20 });

async function figuresOf(client: TestClient, id: string) {
  const sessions = callSessionListSchema.parse((await client.get('/api/call-sessions')).body);
  return sessions.find((session) => session.id === id)?.figures ?? null;
}

async function callThroughApp(client: TestClient) {
  let callSessionId = '';
  const peer = await WebRtcTestPeer.connect(async (sdp) => {
    const response = await client.request('POST', '/api/realtime/offer', {
      rawBody: sdp,
      headers: { 'Content-Type': 'application/sdp' },
    });
    if (response.status !== 201) throw new Error(`${response.status}: ${response.text}`);
    callSessionId = response.headers.get(CALL_SESSION_HEADER) ?? '';
    return response.text;
  });
  peers.push(peer);
  return { peer, call: await fake.nextCall(), callSessionId };
}

const browserLabels = { use: 'browser', engine: 'realtime' };
/** The metrics a browser call moves (the process's registry, as /metrics serves it). */
const browserMetrics = async () => ({
  calls: await metricValue('annie_calls_started_total', browserLabels),
  turns: await metricValue(
    'annie_call_turn_latency_seconds',
    browserLabels,
    'annie_call_turn_latency_seconds_count',
  ),
  tools: await metricValue(
    'annie_tool_run_duration_seconds',
    { tool: 'search_knowledge', outcome: 'ok' },
    'annie_tool_run_duration_seconds_count',
  ),
});

/** When the fake sent each event of `type` (performance.now()). */
const sentTimes = (call: RealtimeWebRtcCall, type: string) =>
  call.sent.flatMap((event: RealtimeEvent, index) => (event.type === type ? [call.sentAt[index] ?? 0] : []));

describe('a browser call is measured by the server, over the sideband', () => {
  it("records the latencies, tools and tokens OpenAI's events carry, priced by the table", async () => {
    const metricsBefore = await browserMetrics();
    const { peer, call, callSessionId } = await callThroughApp(alice);
    // Attached before the browser had its answer: nothing the call sends is missed.
    expect(call.sidebandCount).toBe(1);
    await call.userSays({ transcript: 'What is on today?' });
    await call.userSays({
      transcript: 'Look up the Henderson file',
      functionCall: { name: 'search_knowledge', arguments: '{"query":"Henderson"}' },
    });
    const toolCall = call.sent.findLast((event) => event.type === 'response.function_call_arguments.done');
    peer.send({
      type: 'conversation.item.create',
      item: { type: 'function_call_output', call_id: toolCall?.call_id, output: '{"results":[]}' },
    });
    peer.send({ type: 'response.create' });
    await waitFor(() => expect(call.usage.responses).toHaveLength(3));
    await waitFor(() => expect(sentTimes(call, 'output_audio_buffer.stopped')).toHaveLength(2));
    // OpenAI ends the call: the sideband closes and the server records what it measured.
    await call.hangup();
    await waitFor(async () => expect(await figuresOf(alice, callSessionId)).not.toBeNull());
    const figures = await figuresOf(alice, callSessionId);
    expect(figures?.source).toBe('server');

    // Latency per answered turn: speech_stopped → the reply's audio starting to reach the browser.
    const stopped = sentTimes(call, 'input_audio_buffer.speech_stopped');
    const started = sentTimes(call, 'output_audio_buffer.started');
    // The second turn's reply follows the tool: its wait includes the tool's run, as on a phone call.
    const timed = stopped.map((at, turn) => (started[turn] ?? 0) - at);
    expect(timed).toHaveLength(2);
    expect(figures?.latenciesMs).toHaveLength(2);
    for (const [turn, ms] of timed.entries()) {
      expect(ms).toBeGreaterThanOrEqual(THINK_MS);
      // Both events travel the same loopback socket: the server's interval is the fake's, give or take
      // the event loop's scheduling (the fakes and werift share the app's loop: usually 10-30 ms either
      // way, up to ~180 ms on a loaded machine). Which events bound the interval is pinned, to the ms,
      // by sideband-figures.test.ts; here the server's clock is checked against the fake's.
      expect(Math.abs((figures?.latenciesMs[turn] ?? 0) - ms)).toBeLessThan(250);
    }
    expect(figures?.tools).toEqual([
      { name: 'search_knowledge', durationMs: expect.any(Number), outcome: 'ok' },
    ]);
    // The metrics moved by what the call did: one call answered, two turns timed, one tool run.
    const metricsAfter = await browserMetrics();
    expect(metricsAfter.calls - metricsBefore.calls).toBe(1);
    expect(metricsAfter.turns - metricsBefore.turns).toBe(2);
    expect(metricsAfter.tools - metricsBefore.tools).toBe(1);

    const voice = voiceTokensSent(call.usage.responses as RealtimeResponseUsage[]);
    expect(figures?.voiceTokens).toEqual({ model: app.config.OPENAI_REALTIME_MODEL, ...voice });
    expect(voice.outputAudio).toBeGreaterThan(0);
    const seconds = transcriptionSecondsSent(call.usage.transcriptions as RealtimeTranscriptionDuration[]);
    expect(figures?.transcription).toEqual({
      model: 'gpt-transcribe',
      inputText: 0,
      inputAudio: 0,
      output: 0,
      seconds,
    });
    // The published prices (USD per million tokens; gpt-transcribe $0.0045 a minute).
    const expected = publishedCostUsd(voice, seconds);
    expect(figures?.cost?.currency).toBe('USD');
    expect(figures?.cost?.amount).toBeCloseTo(expected, 6);
    expect(figures?.twilio).toBeNull();

    // Another tenant sees neither the call nor its cost in its usage.
    const bobs = callSessionListSchema.parse((await bobAdmin.get('/api/call-sessions')).body);
    expect(bobs.map((session) => session.id)).not.toContain(callSessionId);
    const usage = await bobAdmin.get('/api/usage');
    expect(usage.status).toBe(200);
    expect(JSON.stringify(usage.body)).not.toContain(alice.identity?.userId ?? '?');
  });

  it('counts a reply the caller cut short as an interruption', async () => {
    fake.setScript({ wordIntervalMs: 20 });
    const { peer, call, callSessionId } = await callThroughApp(alice);
    const saying = call.userSays({ transcript: 'Tell me everything about the week ahead please' });
    await waitFor(() => expect(sentTimes(call, 'output_audio_buffer.started')).toHaveLength(1));
    peer.send({ type: 'output_audio_buffer.clear' });
    await saying;
    await waitFor(() => expect(sentTimes(call, 'output_audio_buffer.cleared')).toHaveLength(1));
    await call.hangup();
    await waitFor(async () => expect(await figuresOf(alice, callSessionId)).not.toBeNull());
    expect((await figuresOf(alice, callSessionId))?.interruptions).toBe(1);
    fake.setScript({ wordIntervalMs: 0 });
  });
});
