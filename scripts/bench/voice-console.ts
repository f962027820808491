#!/usr/bin/env node
// Voice Console test session figures. Starts the OpenAI realtime fake (wss, self-signed) in this process
// and the production API as a child pointed at it (a database of its own on the local PostgreSQL), signs
// in as the first admin, and opens test sessions the way the panel does (POST /test, then the WebSocket
// with the session cookie and the page's Origin):
//  - Start Test → first assistant audio: from sending POST /api/voice/profiles/:id/test to the first
//    binary frame on the panel's socket (ticket, handshake, the realtime connection over TLS, the
//    session update, the greeting request and the fake's first audio delta coming back);
//  - per microphone frame: from the panel socket's send to the fake receiving the matching
//    input_audio_buffer.append (two loopback hops through the bridge, base64 and JSON included),
//    20 ms frames streamed at real-time pace. The fake and this script share one clock.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startOpenAIRealtimeFake } from '@annie/fakes/openai-realtime-fake';
import WebSocket from 'ws';
import { benchApiEnv, signIn, startApi } from '../lib/api-process.ts';
import { createBenchDatabase } from '../lib/database.ts';
import { sleep as pause } from '../lib/load.ts';
import { percentile } from '../lib/stats.ts';
import { benchOptions } from './benchmarks.ts';

const OPTIONS = benchOptions('voice-console', {
  quick: { type: 'boolean', help: '5 sessions and 100 frames instead of 20 and 500' },
});
const DATABASE = 'annie_bench_voice_console';
const API_PORT = 4194;
const BASE = `http://127.0.0.1:${API_PORT}`;
const QUICK = OPTIONS.quick;
const SESSIONS = QUICK ? 5 : 20;
const FRAMES = QUICK ? 100 : 500;
const FRAME_BYTES = 960; // 20 ms of PCM16 at 24 kHz
const PASSWORD = 'bench-admin-password';

const summary = (times: readonly number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} ms (n=${sorted.length})`;
};

async function api<T>(cookie: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${BASE}${path}`, {
    method,
    headers: { Cookie: cookie, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** One test session: the time to the first assistant audio, and the open socket. */
async function startSession(cookie: string, profileId: string) {
  const started = performance.now();
  const { websocketUrl } = await api<{ websocketUrl: string }>(
    cookie,
    'POST',
    `/api/voice/profiles/${profileId}/test`,
  );
  const ws = new WebSocket(websocketUrl, { headers: { Cookie: cookie, Origin: BASE } });
  const firstAudioMs = await new Promise<number>((resolve, reject) => {
    ws.on('message', (_data, isBinary) => isBinary && resolve(performance.now() - started));
    ws.once('error', reject);
  });
  return { ws, firstAudioMs };
}

async function main(): Promise<void> {
  const database = await createBenchDatabase(DATABASE);
  const fake = await startOpenAIRealtimeFake({ apiKey: 'bench-key', script: { userTranscripts: [] } });
  const caFile = join(tmpdir(), `annie-bench-realtime-${process.pid}.pem`);
  writeFileSync(caFile, fake.ca);
  const env = benchApiEnv({
    port: API_PORT,
    databaseUrl: database.url,
    dataDir: '.data/bench-voice-console',
    extra: {
      ANNIE_ADMIN_PASSWORD: PASSWORD,
      OPENAI_API_KEY: 'bench-key',
      OPENAI_BASE_URL: fake.baseURL,
      OPENAI_REALTIME_CA_FILE: caFile,
    },
  });
  const server = await startApi(env).catch(async (error: unknown) => {
    await fake.close();
    await database.drop();
    throw error;
  });
  try {
    const cookie = (await signIn(API_PORT, 'admin', PASSWORD)).headers.Cookie;
    const profile = await api<{ id: string }>(cookie, 'POST', '/api/voice/profiles', {
      name: 'Bench',
      agentId: 'default-agent',
    });

    const firstAudio: number[] = [];
    for (let i = 0; i < SESSIONS; i++) {
      const { ws, firstAudioMs } = await startSession(cookie, profile.id);
      await fake.nextSession();
      firstAudio.push(firstAudioMs);
      ws.close();
    }

    const { ws } = await startSession(cookie, profile.id);
    const session = await fake.nextSession();
    const sentAt: number[] = [];
    for (let frame = 0; frame < FRAMES; frame++) {
      const bytes = Buffer.alloc(FRAME_BYTES);
      bytes.writeUInt32LE(frame, 0);
      sentAt.push(performance.now());
      ws.send(bytes);
      await pause(20);
    }
    while (session.eventsOf('input_audio_buffer.append').length < FRAMES) await pause(20);
    const perFrame: number[] = [];
    session.received.forEach((event, index) => {
      if (event.type !== 'input_audio_buffer.append') return;
      const frame = Buffer.from(String(event.audio), 'base64').readUInt32LE(0);
      perFrame.push((session.receivedAt[index] ?? Number.NaN) - (sentAt[frame] ?? Number.NaN));
    });
    ws.close();

    console.log(`Start Test → first assistant audio (fake): ${summary(firstAudio)}`);
    console.log(`Microphone frame → realtime append, through the bridge: ${summary(perFrame)}`);
  } finally {
    await server.stop();
    await fake.close();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
