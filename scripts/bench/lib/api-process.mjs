// The production API as a child process on a benchmark database, and a signed-in session on it.
import { spawn, spawnSync } from 'node:child_process';
import { send } from './http.mjs';
import { waitUntilReady } from './load.mjs';
import { ROOT } from './root.mjs';

/** The environment the API runs with in a benchmark: production mode, quiet, on the given database. */
export function benchApiEnv({ port, databaseUrl, dataDir, extra = {} }) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'bench-session-secret-of-at-least-32-chars',
    ...extra,
  };
}

/** Runs an operator command of the API's CLI (e.g. `user:create`) with the benchmark's environment. */
export function runCli(env, args) {
  const result = spawnSync(process.execPath, ['api/src/cli.ts', ...args], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`annie ${args[0]} failed: ${result.stderr}`);
}

/** Starts `node api/src/main.ts` and resolves once /readyz answers; `stop()` ends it and waits for the exit. */
export async function startApi(env) {
  const child = spawn(process.execPath, ['api/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  try {
    await waitUntilReady(Number(env.PORT), '/readyz', child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { child, stop };
}

/**
 * Signs in over POST /api/login; the user and the headers of every later request: the session cookie and
 * the identity headers the web client sends (the API checks them against the session).
 */
export async function signIn(port, username, password) {
  const login = await send(port, 'POST', '/api/login', { username, password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  const cookie = [login.headers['set-cookie']]
    .flat()
    .map((value) => value.split(';')[0])
    .join('; ');
  const user = JSON.parse(login.text);
  return { user, headers: { Cookie: cookie, 'X-Tenant-Id': user.tenantId, 'X-User-Id': user.id } };
}
