// Time from `node api/src/main.ts` to a ready /readyz: once on a fresh embedded database (initdb +
// migrations + first admin) and once more on the same data (the everyday restart).
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sleep } from '../lib/load.ts';
import { ROOT } from '../lib/root.ts';
import { benchOptions } from './benchmarks.ts';

benchOptions('startup', {});
const PORT = 4180; // not 4190: fetch refuses that port (sieve is on the Fetch standard's bad-port list)
const DATA_DIR = '.data/bench-startup';

async function timeToReady(label: string): Promise<number> {
  const started = performance.now();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    DATA_DIR,
    EMBEDDED_PG_PORT: '54339',
    LOG_LEVEL: 'silent',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['api/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: process.env.BENCH_VERBOSE ? 'inherit' : 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (let attempt = 0; attempt < 600; attempt += 1) {
      try {
        const response = await fetch(`http://127.0.0.1:${PORT}/readyz`);
        if (response.ok) {
          const ms = performance.now() - started;
          console.log(`start → ready (${label}): ${Math.round(ms)} ms`);
          return ms;
        }
      } catch {
        // not listening yet
      }
      await sleep(50);
    }
    throw new Error('not ready after 30 s');
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

await rm(join(ROOT, DATA_DIR), { recursive: true, force: true });
await timeToReady('fresh embedded database');
await timeToReady('existing embedded database');
await rm(join(ROOT, DATA_DIR), { recursive: true, force: true });
