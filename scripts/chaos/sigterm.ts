#!/usr/bin/env node
// SIGTERM under load, as `docker stop` or systemd sends it: once to the API process itself, once to the
// top of the wrapper chain (`node scripts/annie.mjs serve` on the machine's Node, which re-executes on the
// toolchain's Node 24 when it is older). 8 clients read and write knowledge notes back to back and one
// event stream is open; after 2 s the signal goes. Prints, per target: requests in flight at the signal
// that failed (network error or 5xx), time from the signal to the process's exit, whether the event
// stream was closed cleanly, and whether the API process is gone (no orphan). Uses a database of its own
// on the local PostgreSQL (BENCH_DATABASE_ADMIN_URL).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { signIn } from '../lib/api-process.ts';
import { commandLine } from '../lib/cli-options.ts';
import { createBenchDatabase } from '../lib/database.ts';
import { freePort } from '../lib/free-port.ts';
import { sleep } from '../lib/load.ts';
import { ROOT } from '../lib/root.ts';

commandLine({
  usage: 'node scripts/chaos/sigterm.ts',
  about:
    "SIGTERM under load to the API, to `annie.mjs serve` and to `npm run serve` on the machine's Node (MACHINE_NODE, default /usr/bin/node).",
  options: {},
});
const PASSWORD = 'chaos-admin-password';
const CLIENTS = 8;
const MACHINE_NODE = process.env.MACHINE_NODE ?? '/usr/bin/node';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Starts `node args`, resolves once the API logged that it is ready (with the API's own pid). */
async function start(node: string, args: string[], databaseUrl: string) {
  const port = await freePort();
  const child = spawn(node, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      ANNIE_ADMIN_PASSWORD: PASSWORD,
      SESSION_SECRET: 'chaos-session-secret-0123456789abcdef',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number>((resolve) => child.once('exit', () => resolve(performance.now())));
  const apiPid = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`exited with ${code} before ready`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (!line.includes('AnnieAI is ready')) return;
      resolve((JSON.parse(line) as { pid: number }).pid);
    });
  });
  return { child, apiPid, exited, port, base: `http://127.0.0.1:${port}` };
}

async function probe(label: string, node: string, args: string[], databaseUrl: string): Promise<boolean> {
  const api = await start(node, args, databaseUrl);
  const cookie = (await signIn(api.port, 'admin', PASSWORD)).headers.Cookie;
  let signalAt = Number.POSITIVE_INFINITY;
  const inFlightFailures: (number | string)[] = [];
  let answered = 0;
  let refusedAfter = 0;
  const stream = await fetch(`${api.base}/api/lab/jobs/events`, { headers: { Cookie: cookie } });
  const streamEnd = (stream.body ?? new ReadableStream()).pipeTo(new WritableStream()).then(
    () => 'closed cleanly',
    (error: Error & { cause?: { code?: string } }) => `broken (${error.cause?.code ?? error.message})`,
  );

  const client = async (index: number) => {
    for (let seq = 0; ; seq += 1) {
      const startedAt = performance.now();
      if (startedAt > signalAt + 200) return;
      const write = seq % 2 === 0;
      try {
        const response = await fetch(`${api.base}/api/knowledge/notes`, {
          method: write ? 'POST' : 'GET',
          headers: { Cookie: cookie, ...(write ? { 'Content-Type': 'application/json' } : {}) },
          body: write ? JSON.stringify({ title: `sigterm-${index}-${seq}`, body: 'b' }) : undefined,
        });
        await response.arrayBuffer();
        if (response.status >= 500 && startedAt < signalAt) inFlightFailures.push(response.status);
        else answered += 1;
      } catch (caught) {
        const error = caught as Error & { cause?: { code?: string } };
        if (startedAt < signalAt) inFlightFailures.push(error.cause?.code ?? error.message);
        else refusedAfter += 1;
        if (startedAt >= signalAt) return;
      }
    }
  };
  const clients = Array.from({ length: CLIENTS }, (_, index) => client(index));
  await sleep(2_000);
  signalAt = performance.now();
  api.child.kill('SIGTERM');
  const exitedAt = await api.exited;
  await Promise.all(clients);
  console.log(`${label}:`);
  console.log(`  answered ${answered}; in flight at the signal and failed: ${inFlightFailures.length}`);
  if (inFlightFailures.length) console.log(`  failures: ${[...new Set(inFlightFailures)].join(', ')}`);
  console.log(`  new requests refused after the signal: ${refusedAfter}`);
  console.log(`  signal → exit: ${Math.round(exitedAt - signalAt)} ms (exit code ${api.child.exitCode})`);
  console.log(`  event stream: ${await streamEnd}`);
  console.log(
    `  API process ${api.apiPid} after exit: ${isRunning(api.apiPid) ? 'STILL RUNNING (orphan)' : 'gone'}`,
  );
  if (isRunning(api.apiPid)) process.kill(api.apiPid, 'SIGKILL');
  return inFlightFailures.length === 0 && api.child.exitCode === 0 && !isRunning(api.apiPid);
}

const database = await createBenchDatabase('annie_chaos_sigterm');
try {
  const direct = await probe(
    'SIGTERM to the API process',
    process.execPath,
    ['api/src/main.ts'],
    database.url,
  );
  const wrapped = await probe(
    `SIGTERM to \`annie.mjs serve\` on ${MACHINE_NODE}`,
    MACHINE_NODE,
    ['scripts/annie.mjs', 'serve'],
    database.url,
  );
  // npm runs scripts through `sh -c`; the scripts `exec` so the signal npm forwards reaches the wrapper.
  const npmCli = join(MACHINE_NODE, '../../lib/node_modules/npm/bin/npm-cli.js');
  const viaNpm = await probe(
    `SIGTERM to \`npm run serve\` on ${MACHINE_NODE}`,
    MACHINE_NODE,
    [npmCli, 'run', 'serve'],
    database.url,
  );
  process.exitCode = direct && wrapped && viaNpm ? 0 : 1;
} finally {
  await database.drop();
}
