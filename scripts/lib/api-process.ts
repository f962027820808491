// The production API as a child process on a benchmark database, and a signed-in session on it.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { type Headers, send } from './http.ts';
import { waitUntilReady } from './load.ts';
import { ROOT } from './root.ts';

export interface BenchApiOptions {
  port: number;
  databaseUrl: string;
  dataDir: string;
  extra?: Record<string, string>;
}

/** The environment the API runs with in a benchmark: production mode, quiet, on the given database. */
export function benchApiEnv({ port, databaseUrl, dataDir, extra = {} }: BenchApiOptions): NodeJS.ProcessEnv {
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
export function runCli(env: NodeJS.ProcessEnv, args: string[]): void {
  const result = spawnSync(process.execPath, ['api/src/cli.ts', ...args], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`annie ${args[0]} failed: ${result.stderr}`);
}

export interface RunningApi {
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Ends a child process with SIGTERM and waits for its exit (at once when it has exited already). */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Starts `node api/src/main.ts` and resolves once /readyz answers; `stop()` ends it and waits for the exit.
 * `prefix` runs it under another command (e.g. `taskset -c 1`), `nodeArgs` go before the script.
 */
export async function startApi(
  env: NodeJS.ProcessEnv,
  options: { prefix?: string[]; nodeArgs?: string[] } = {},
): Promise<RunningApi> {
  const [command, ...prefixArgs] = [...(options.prefix ?? []), process.execPath];
  const args = [...prefixArgs, ...(options.nodeArgs ?? []), 'api/src/main.ts'];
  const child = spawn(command ?? process.execPath, args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => stopChild(child);
  try {
    await waitUntilReady(Number(env.PORT), '/readyz', child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { child, stop };
}

export interface SignedInUser {
  id: string;
  tenantId: string;
  username: string;
}

export interface Session {
  user: SignedInUser;
  headers: Headers & { Cookie: string };
}

/**
 * Signs in over POST /api/login; the user and the headers of every later request: the session cookie and
 * the identity headers the web client sends (the API checks them against the session).
 */
export async function signIn(port: number, username: string, password: string): Promise<Session> {
  const login = await send(port, 'POST', '/api/login', { username, password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  const cookie = [login.headers['set-cookie'] ?? []]
    .flat()
    .map((value) => value.split(';')[0])
    .join('; ');
  const user = JSON.parse(login.text) as SignedInUser;
  return { user, headers: { Cookie: cookie, 'X-Tenant-Id': user.tenantId, 'X-User-Id': user.id } };
}
