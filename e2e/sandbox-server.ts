// Playwright's webServer for sandbox.spec.ts: the API as `npm run sandbox -- --seed` starts it (the same
// production build, every provider's fake in-process), on a fresh database, with no provider setting
// inherited from the shell (the sandbox would rightly refuse to start). Ends the API on SIGTERM/SIGINT.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { freshDatabase } from './e2e-database.ts';
import { REPO_ROOT, SANDBOX_ADMIN_PASSWORD, SANDBOX_E2E_BASE_URL, SANDBOX_E2E_PORT } from './e2e-env.ts';

const PROVIDER_SETTING = /^(AGT|OPENAI|TWILIO|GOOGLE)_/;

const dataDir = `.data/e2e-sandbox-${SANDBOX_E2E_PORT}`;
await rm(join(REPO_ROOT, dataDir), { recursive: true, force: true });
const database = await freshDatabase(`annie_e2e_sandbox_${SANDBOX_E2E_PORT}`);
const env: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !PROVIDER_SETTING.test(name) && name !== 'DATABASE_URL'),
);
Object.assign(env, {
  NODE_ENV: 'production',
  ANNIE_SANDBOX: 'true',
  HOST: '127.0.0.1',
  PORT: String(SANDBOX_E2E_PORT),
  PUBLIC_URL: SANDBOX_E2E_BASE_URL,
  DATA_DIR: dataDir,
  EMBEDDED_PG_PORT: String(54_400 + (SANDBOX_E2E_PORT % 100)),
  ANNIE_ADMIN_PASSWORD: SANDBOX_ADMIN_PASSWORD,
  // Required with DATABASE_URL (TEST_DATABASE_URL set): instances on one database share it.
  SESSION_SECRET: randomBytes(32).toString('base64url'),
  // gaxios sends even loopback calls through HTTP(S)_PROXY otherwise.
  NO_PROXY: '127.0.0.1,localhost',
  LOG_LEVEL: 'warn',
  ...(database.url ? { DATABASE_URL: database.url } : {}),
});

const api = spawn(process.execPath, ['api/src/main.ts', '--seed'], { cwd: REPO_ROOT, env, stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => api.kill(signal));
api.on('exit', async (code) => {
  await database.drop();
  process.exit(code ?? 1);
});
