import {
  type ChildProcessWithoutNullStreams,
  execFile,
  type SpawnSyncReturns,
  spawn,
  spawnSync,
} from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

// The operator's command line (`npm run annie -- ARGS`, api/src/cli.ts) as tests run it: a Node process
// of its own, started from the repository's root like the npm script. The API's tests and the e2e specs
// use it (so the root is worked out here: src/runtime.ts would load the app's code into Playwright).
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The CLI's entry file. */
export const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

/** Settings for one run; a setting given as `undefined` is removed (DATABASE_URL: the embedded database). */
export type CliSettings = Record<string, string | undefined>;

/** The test's own environment with LOG_LEVEL=silent and `settings` over it. */
export function cliEnv(settings: CliSettings = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent' };
  for (const [name, value] of Object.entries(settings)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

/** Runs the CLI with `args` to its end; `env` is its whole environment. */
export function runCli(args: readonly string[], env: NodeJS.ProcessEnv = cliEnv()): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [CLI, ...args], { cwd: REPO_ROOT, env, encoding: 'utf8' });
}

/**
 * `annie(...args)` for a test file: the CLI under the same settings each time (read again at each run when
 * given as a function), e.g. `const annie = annieWith({ DATABASE_URL: app.databaseUrl })`.
 */
export function annieWith(settings: CliSettings | (() => CliSettings) = {}) {
  return (...args: string[]) => runCli(args, cliEnv(typeof settings === 'function' ? settings() : settings));
}

export type CliResult = { status: number; stdout: string; stderr: string };

const execFileAsync = promisify(execFile);

/** Like `runCli`, without blocking the test's process while the CLI runs. */
export async function runCliAsync(
  args: readonly string[],
  env: NodeJS.ProcessEnv = cliEnv(),
): Promise<CliResult> {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [CLI, ...args], {
      cwd: REPO_ROOT,
      env,
      encoding: 'utf8',
    });
    return { status: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { status: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** The CLI started and left running: its output can be read as it comes. */
export function startCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv = cliEnv(),
): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [CLI, ...args], { cwd: REPO_ROOT, env });
}
