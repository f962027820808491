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
// Usage: node scripts/bench/voice-console.mjs [--quick]
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signIn } from './lib/api-process.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const requireApi = createRequire(join(ROOT, 'api/package.json'));
const pg = requireApi('pg');
const WebSocket = requireApi('ws');
const { startOpenAIRealtimeFake } = await import(join(ROOT, 'packages/fakes/src/openai-realtime-fake.ts'));
const ADMIN_URL = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'annie_bench_voice_console';
const API_PORT = 4194;
const BASE = `http://127.0.0.1:${API_PORT}`;
const QUICK = process.argv.includes('--quick');
const SESSIONS = QUICK ? 5 : 20;
const FRAMES = QUICK ? 100 : 500;
const FRAME_BYTES = 960; // 20 ms of PCM16 at 24 kHz
const PASSWORD = 'bench-admin-password';

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1).toFixed(1)} ms (n=${sorted.length})`;
};
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForReady() {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await pause(200);
  }
  throw new Error('the API did not become ready');
}

async function api(cookie, method, path, body) {
  const response = await fetch(`${BASE}${path}`, {
    method,
    headers: { Cookie: cookie, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** One test session: the time to the first assistant audio, and the open socket. */
async function startSession(cookie, profileId) {
  const started = performance.now();
  const { websocketUrl } = await api(cookie, 'POST', `/api/voice/profiles/${profileId}/test`);
  const ws = new WebSocket(websocketUrl, { headers: { Cookie: cookie, Origin: BASE } });
  const firstAudioMs = await new Promise((resolve, reject) => {
    ws.on('message', (_data, isBinary) => isBinary && resolve(performance.now() - started));
    ws.once('error', reject);
  });
  return { ws, firstAudioMs };
}

async function main() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.query(`create database ${DATABASE}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DATABASE}`;
  const fake = await startOpenAIRealtimeFake({ apiKey: 'bench-key', script: { userTranscripts: [] } });
  const caFile = join(tmpdir(), `annie-bench-realtime-${process.pid}.pem`);
  writeFileSync(caFile, fake.ca);
  const server = spawn(process.execPath, ['api/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(API_PORT),
      LOG_LEVEL: 'silent',
      SESSION_SECRET: 'bench-session-secret-of-at-least-32-chars',
      DATA_DIR: '.data/bench-voice-console',
      ANNIE_ADMIN_PASSWORD: PASSWORD,
      OPENAI_API_KEY: 'bench-key',
      OPENAI_BASE_URL: fake.baseURL,
      OPENAI_REALTIME_CA_FILE: caFile,
    },
  });
  try {
    await waitForReady();
    const cookie = (await signIn(API_PORT, 'admin', PASSWORD)).headers.Cookie;
    const profile = await api(cookie, 'POST', '/api/voice/profiles', {
      name: 'Bench',
      agentId: 'default-agent',
    });

    const firstAudio = [];
    for (let i = 0; i < SESSIONS; i++) {
      const { ws, firstAudioMs } = await startSession(cookie, profile.id);
      await fake.nextSession();
      firstAudio.push(firstAudioMs);
      ws.close();
    }

    const { ws } = await startSession(cookie, profile.id);
    const session = await fake.nextSession();
    const sentAt = [];
    for (let frame = 0; frame < FRAMES; frame++) {
      const bytes = Buffer.alloc(FRAME_BYTES);
      bytes.writeUInt32LE(frame, 0);
      sentAt.push(performance.now());
      ws.send(bytes);
      await pause(20);
    }
    while (session.eventsOf('input_audio_buffer.append').length < FRAMES) await pause(20);
    const perFrame = [];
    session.received.forEach((event, index) => {
      if (event.type !== 'input_audio_buffer.append') return;
      const frame = Buffer.from(String(event.audio), 'base64').readUInt32LE(0);
      perFrame.push(session.receivedAt[index] - sentAt[frame]);
    });
    ws.close();

    console.log(`Start Test → first assistant audio (fake): ${summary(firstAudio)}`);
    console.log(`Microphone frame → realtime append, through the bridge: ${summary(perFrame)}`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await fake.close();
    await admin.query(`drop database if exists ${DATABASE} with (force)`).catch(() => {});
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
