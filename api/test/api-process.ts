import { type ChildProcess, spawn } from 'node:child_process';
import { constants } from 'node:os';
import { createInterface } from 'node:readline';
import { afterAll } from 'vitest';
import { REPO_ROOT } from '../src/runtime.ts';

export type ApiProcess = {
  /** The process that was started (the API itself, or a wrapper such as scripts/annie.mjs). */
  child: ChildProcess;
  /** The API process's own id, from its ready log line (differs from child.pid behind a wrapper). */
  apiPid: number;
  baseUrl: string;
  /** Resolves with the started process's exit code (128 + n when ended by signal n). */
  exited: Promise<number>;
  /** Log lines (JSON) the API printed so far. */
  logs: Record<string, unknown>[];
  /** The other lines of its standard output (what the wrapper and the API print for the operator). */
  lines: string[];
};

const READY_TIMEOUT_MS = 45_000;
const started = new Set<{ child: ChildProcess; logs: Record<string, unknown>[] }>();

function killLeftovers(): void {
  for (const { child, logs } of started) {
    const apiPid = logs.find((line) => line.msg === 'AnnieAI is ready')?.pid;
    for (const pid of [child.pid, apiPid]) {
      if (typeof pid === 'number' && isRunning(pid)) process.kill(pid, 'SIGKILL');
    }
  }
  started.clear();
}

// Whatever a test file started and left running (e.g. an orphan the test was there to catch) is killed
// after its tests, and when the test worker exits (a file whose setup failed runs no afterAll).
afterAll(killLeftovers);
process.once('exit', killLeftovers);

/**
 * Starts `node <args>` in the repository with the given environment and waits for the API's
 * "AnnieAI is ready" log line.
 */
export function startApiProcess(
  args: string[],
  env: Record<string, string>,
  node = process.execPath,
): Promise<ApiProcess> {
  const child = spawn(node, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? 128 + (signal ? constants.signals[signal] : 0))),
  );
  const logs: Record<string, unknown>[] = [];
  const lines: string[] = [];
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  started.add({ child, logs });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`API not ready in time\n${stderr}`)), READY_TIMEOUT_MS);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`API exited with ${code} before it was ready\n${stderr}`));
    });
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const entry = parseJson(line);
      if (!entry) {
        lines.push(line);
        return;
      }
      logs.push(entry);
      if (entry.msg !== 'AnnieAI is ready') return;
      clearTimeout(timer);
      resolve({
        child,
        apiPid: Number(entry.pid),
        baseUrl: `http://127.0.0.1:${entry.port}`,
        exited,
        logs,
        lines,
      });
    });
  });
}

/** True while a process with this id exists. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function parseJson(line: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
