import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { request } from '@playwright/test';
import { freshDatabase } from './e2e-database.ts';
import {
  AGT_FAKE_PORT,
  AUTH_DIR,
  E2E_BASE_URL,
  E2E_PORT,
  E2E_USERS,
  GOOGLE_FAKE_PORT,
  GOOGLE_FAKE_URL,
  LIVE_FAKE_CALLS_URL,
  LIVE_FAKE_PORT,
  MESSAGING_NUMBER,
  OPENAI_TEXT_FAKE_PORT,
  OPERATOR_ENV_FILE,
  REALTIME_FAKE_PORT,
  REALTIME_WEBRTC_FAKE_URL,
  REPO_ROOT,
  TWILIO_FAKE_URL,
} from './e2e-env.ts';

async function waitForReady(server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`API exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${E2E_BASE_URL}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('API did not become ready in time');
}

async function saveSignedInState(role: keyof typeof E2E_USERS): Promise<void> {
  const context = await request.newContext({ baseURL: E2E_BASE_URL });
  const { username, password } = E2E_USERS[role];
  const response = await context.post('/api/login', { data: { username, password } });
  if (!response.ok()) throw new Error(`e2e login as ${role} failed: ${response.status()}`);
  await context.storageState({ path: join(AUTH_DIR, `${role}.json`) });
  await context.dispose();
}

/** Starts the chemistry fake and the production API on loopback with a fresh database and two users. */
export default async function globalSetup() {
  for (const dir of ['shell/dist', 'remotes/voice/dist']) {
    if (!existsSync(join(REPO_ROOT, dir))) throw new Error(`${dir} is missing: build the apps before e2e`);
  }
  const database = await freshDatabase(`annie_e2e_${process.pid}_${E2E_PORT}`);
  const dataDir = join(REPO_ROOT, `.data/e2e-${E2E_PORT}`);
  await rm(dataDir, { recursive: true, force: true });
  await rm(AUTH_DIR, { recursive: true, force: true });
  await mkdir(AUTH_DIR, { recursive: true });

  const fakeModule = join(REPO_ROOT, 'packages/fakes/src/agt-fake.ts');
  const fake = existsSync(fakeModule)
    ? await (await import(fakeModule)).startAgtFake({ port: AGT_FAKE_PORT })
    : undefined;

  const googleFake = await (
    await import(join(REPO_ROOT, 'packages/fakes/src/google-fake.ts'))
  ).startGoogleFake({
    port: GOOGLE_FAKE_PORT,
  });

  // The realtime fake plays its reply out in real time (8 s), so a barge-in lands mid-reply.
  const realtimeModule = join(REPO_ROOT, 'packages/fakes/src/openai-realtime-fake.ts');
  const realtime = await (await import(realtimeModule)).startOpenAIRealtimeFake({
    port: REALTIME_FAKE_PORT,
    apiKey: 'e2e-openai-key',
    script: {
      userTranscripts: ['Good afternoon, James.', 'What is in my diary today?', 'Thank you.'],
      chunkIntervalMs: 100,
      audioChunksPerReply: 80,
    },
  });
  const twilioFake = await (
    await import(join(REPO_ROOT, 'packages/fakes/src/twilio-fake.ts'))
  ).startTwilioFake({
    port: Number(new URL(TWILIO_FAKE_URL).port),
    inboundWebhook: { signedUrl: `${E2E_BASE_URL}/api/sms/webhooks/inbound` },
    // Phone calls: the callee says its 2 s μ-law fixture in real time, then hangs up.
    voiceWebhook: { signedUrl: `${E2E_BASE_URL}/api/phone/webhooks/voice` },
    callee: { frameIntervalMs: 20, hangUpAfterMs: 500 },
  });
  const openAiTextFake = await (
    await import(join(REPO_ROOT, 'packages/fakes/src/openai-text-fake.ts'))
  ).startOpenAiTextFake({ port: OPENAI_TEXT_FAKE_PORT, apiKey: 'e2e-openai-key' });
  // The voice page's calls: the user's question is heard once 2 s of microphone audio has arrived (the
  // wav's speech), the model searches the knowledge base, then speaks; words are paced so the partial
  // transcript shows. Specs change this with POST /__fake/script and restore it with POST /__fake/reset.
  const webrtcFake = await (
    await import(join(REPO_ROOT, 'packages/fakes/src/openai-realtime-webrtc-fake.ts'))
  ).startOpenAIRealtimeWebRtcFake({
    port: Number(new URL(REALTIME_WEBRTC_FAKE_URL).port),
    apiKey: 'e2e-openai-key',
    script: {
      userTurnAfterPackets: 100,
      userTranscripts: ['What do we know about the Henderson account?'],
      functionCall: { name: 'search_knowledge_base', arguments: '{"query":"Henderson"}' },
      replyAfterTool: 'The Henderson account renews in March.',
      wordIntervalMs: 120,
      // OpenAI takes a few hundred ms to answer; an instant answer would skip the page's Listening... state.
      responseDelayMs: 250,
      audioPackets: 0,
    },
  });
  // Browser calls on GPT-Live (voice-call-live.spec.ts): once the model is quiet, 5 microphone packets
  // make the caller's turn (Chromium sends few in silence), which saves a note through the backend's tool.
  const liveFake = await (
    await import(join(REPO_ROOT, 'packages/fakes/src/openai-live-fake.ts'))
  ).startOpenAILiveFake({
    port: LIVE_FAKE_PORT,
    callsPort: Number(new URL(LIVE_FAKE_CALLS_URL).port),
    apiKey: 'e2e-openai-key',
    script: {
      packetsPerUserTurn: 5,
      msPerWord: 120,
      responseDelayMs: 250,
      userTurns: [
        {
          transcript: 'Note that the Henderson account renews in March.',
          functionCall: {
            name: 'add_knowledge_note',
            arguments: JSON.stringify({ title: 'Henderson', body: 'The Henderson account renews in March.' }),
          },
          replyAfterTool: 'Noted, the Henderson renewal is saved.',
        },
      ],
    },
  });
  const liveCaFile = join(dataDir, 'live-fake-ca.pem');
  const realtimeCaFile = join(dataDir, 'realtime-fake-ca.pem');
  await mkdir(dataDir, { recursive: true });
  // One file trusts both realtime fakes: the phone bridge's and the browser calls' sideband.
  await writeFile(realtimeCaFile, `${realtime.ca}\n${webrtcFake.sideband.ca}`);
  await writeFile(liveCaFile, liveFake.ca);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(E2E_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: `.data/e2e-${E2E_PORT}`,
    // Distinct per E2E_PORT (engineers run e2e side by side on ports like 4300, 4400, …).
    EMBEDDED_PG_PORT: String(54_300 + (E2E_PORT % 1000)),
    ANNIE_ADMIN_PASSWORD: E2E_USERS.admin.password,
    // Required with DATABASE_URL (TEST_DATABASE_URL set): instances on one database share it.
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    AGT_BASE_URL: `http://127.0.0.1:${AGT_FAKE_PORT}`,
    AGT_API_KEY: 'e2e-agt-key',
    PUBLIC_URL: E2E_BASE_URL,
    GOOGLE_CLIENT_ID: googleFake.clientId,
    GOOGLE_CLIENT_SECRET: googleFake.clientSecret,
    GOOGLE_TOKEN_KEY: randomBytes(32).toString('base64'),
    GOOGLE_API_ROOT_URL: GOOGLE_FAKE_URL,
    GOOGLE_OAUTH_BASE_URL: GOOGLE_FAKE_URL,
    // gaxios sends even loopback calls through HTTP(S)_PROXY otherwise.
    NO_PROXY: '127.0.0.1,localhost',
    OPENAI_API_KEY: 'e2e-openai-key',
    OPENAI_BASE_URL: realtime.baseURL,
    OPENAI_REALTIME_CA_FILE: realtimeCaFile,
    OPENAI_REALTIME_CALLS_BASE_URL: webrtcFake.baseURL,
    OPENAI_REALTIME_SIDEBAND_BASE_URL: webrtcFake.sideband.baseURL,
    OPENAI_LIVE_BASE_URL: liveFake.baseURL,
    OPENAI_LIVE_CALLS_BASE_URL: liveFake.callsBaseURL,
    OPENAI_LIVE_CA_FILE: liveCaFile,
    // Loopback only: no STUN server to wait for or fail to reach.
    WEBRTC_ICE_SERVERS: 'none',
    OPENAI_TEXT_BASE_URL: openAiTextFake.url,
    TWILIO_ACCOUNT_SID: twilioFake.accountSid,
    TWILIO_AUTH_TOKEN: twilioFake.authToken,
    TWILIO_PHONE_NUMBER: MESSAGING_NUMBER,
    TWILIO_API_BASE_URL: twilioFake.url,
    LOG_LEVEL: 'error',
    // Two users failing to load a newly activated remote roll it back (releases.spec.ts).
    RELEASE_ROLLBACK_FAILURES: '2',
  };
  if (database.url) env.DATABASE_URL = database.url;
  else delete env.DATABASE_URL;
  // Specs run operator commands (npm run annie) against the same database as the server.
  await writeFile(OPERATOR_ENV_FILE, JSON.stringify(env));

  const server = spawn(process.execPath, ['api/src/main.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForReady(server, 60_000);
  const { username, password, email } = E2E_USERS.user;
  const created = spawnSync(
    process.execPath,
    ['api/src/cli.ts', 'user:create', '--username', username, '--password', password, '--email', email],
    { cwd: REPO_ROOT, env, encoding: 'utf8' },
  );
  if (created.status !== 0) throw new Error(`creating the e2e user failed: ${created.stderr}`);
  await saveSignedInState('admin');
  await saveSignedInState('user');

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await fake?.close();
    await googleFake.close();
    await realtime.close();
    await webrtcFake.close();
    await liveFake.close();
    await twilioFake.close();
    await openAiTextFake.close();
    await database.drop();
  };
}
