import { fileURLToPath } from 'node:url';

/** Fixed loopback addresses and credentials of the e2e run (nothing leaves this machine). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The chemistry provider's fake: derived from E2E_PORT like the others, so parallel runs do not collide. */
export const AGT_FAKE_PORT = Number(process.env.E2E_AGT_FAKE_PORT ?? E2E_PORT + 1);
/** The Google fake (consent page, token endpoints, APIs): the browser visits it, so it has a fixed port. */
export const GOOGLE_FAKE_PORT = E2E_PORT + 2;
export const GOOGLE_FAKE_URL = `http://127.0.0.1:${GOOGLE_FAKE_PORT}`;
/** The OpenAI realtime fake (wss, self-signed): derived from E2E_PORT so parallel runs do not collide. */
export const REALTIME_FAKE_PORT = E2E_PORT + 3;
/** The Twilio fake (REST API, and /__fake/ controls the specs use to text the app and report statuses). */
export const TWILIO_FAKE_URL = `http://127.0.0.1:${E2E_PORT + 4}`;
/** The OpenAI text fake that writes SMS drafts (plain http, beside the realtime one). */
export const OPENAI_TEXT_FAKE_PORT = E2E_PORT + 5;
/**
 * The OpenAI Realtime WebRTC fake (plain http): the API posts the voice page's offers to it, and specs
 * drive it and read what it received through `/__fake/` (packages/fakes/src/openai-realtime-webrtc-control.ts).
 */
export const REALTIME_WEBRTC_FAKE_URL = `http://127.0.0.1:${E2E_PORT + 6}`;
/**
 * The OpenAI GPT-Live fake: its TLS port (WebSockets, the sideband) and its plain http one
 * (`POST /v1/live/sessions`, and `/__fake/live/sessions` for specs).
 */
export const LIVE_FAKE_PORT = E2E_PORT + 7;
export const LIVE_FAKE_CALLS_URL = `http://127.0.0.1:${E2E_PORT + 8}`;
/** The fake microphone: 1.5 s of silence (the mic starts at getUserMedia), then a spoken question. */
export const FAKE_MICROPHONE_WAV = fileURLToPath(new URL('./fixtures/user-question.wav', import.meta.url));
/**
 * The sandbox spec's own server (`npm run sandbox -- --seed` style: every fake in-process, on free ports),
 * started by Playwright's webServer from e2e/sandbox-server.ts.
 */
export const SANDBOX_E2E_PORT = E2E_PORT + 9;
export const SANDBOX_E2E_BASE_URL = `http://127.0.0.1:${SANDBOX_E2E_PORT}`;
export const SANDBOX_ADMIN_PASSWORD = 'e2e-sandbox-admin-password';
/** The first tenant's messaging number (TWILIO_PHONE_NUMBER). */
export const MESSAGING_NUMBER = '+14155550100';
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The server's environment, for specs that run operator commands against its database. */
export const OPERATOR_ENV_FILE = fileURLToPath(
  new URL(`../.data/e2e-${E2E_PORT}/operator-env.json`, import.meta.url),
);
export const AUTH_DIR = fileURLToPath(new URL(`../.data/e2e-auth-${E2E_PORT}/`, import.meta.url));

export const E2E_USERS = {
  admin: { username: 'admin', password: 'e2e-admin-password', email: null },
  user: { username: 'riley', password: 'e2e-user-password', email: 'riley@example.test' },
} as const;

export type E2ERole = keyof typeof E2E_USERS;
