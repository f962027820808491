import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULTS, SANDBOX_DEFAULTS } from '@annie/api/src/config/defaults.mjs';
import { loadConfig } from '@annie/api/src/config/env.ts';
import { sandboxStorage } from '@annie/api/src/sandbox/sandbox-settings.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { PreflightError, preflight } from './preflight.mjs';

const root = await mkdtemp(join(tmpdir(), 'annie-preflight-'));
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) child.kill();
  await rm(root, { recursive: true, force: true });
});

const GiB = 1024 ** 3;
const diskWith = (free: number) => () => ({ bavail: Math.floor(free / 4096), bsize: 4096 });
const plenty = diskWith(100 * GiB);

/** A program of someone else's holding a TCP port; resolves with its port once it listens. */
function portHolder(): Promise<{ port: number; pid: number }> {
  const child = spawn(
    process.execPath,
    ['-e', "const s = require('node:net').createServer().listen(0, () => console.log(s.address().port))"],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  return new Promise((done) => {
    child.stdout?.once('data', (chunk: Buffer) =>
      done({ port: Number(chunk.toString().trim()), pid: child.pid ?? 0 }),
    );
  });
}

describe('the pre-flight', () => {
  it('passes on a writable folder with room and a free port, with the shared defaults', async () => {
    const result = await preflight({ root, env: { PORT: '0' }, install: false, statfs: plenty });
    expect(result.dataDir).toBe(join(root, DEFAULTS.DATA_DIR));
    const sandbox = await preflight({
      root,
      env: { PORT: '0' },
      install: false,
      sandbox: true,
      statfs: plenty,
    });
    expect(sandbox.dataDir).toBe(join(root, SANDBOX_DEFAULTS.DATA_DIR));
  });

  it('reads the same defaults as the server and the sandbox', () => {
    const config = loadConfig({});
    expect([config.PORT, config.HOST, config.DATA_DIR, config.EMBEDDED_PG_PORT]).toEqual([
      DEFAULTS.PORT,
      DEFAULTS.HOST,
      DEFAULTS.DATA_DIR,
      DEFAULTS.EMBEDDED_PG_PORT,
    ]);
    expect(sandboxStorage(config)).toEqual(SANDBOX_DEFAULTS);
  });

  it('refuses a port in use, naming the program that holds it', async () => {
    const holder = await portHolder();
    const refused = preflight({ root, env: { PORT: String(holder.port) }, install: false, statfs: plenty });
    await expect(refused).rejects.toBeInstanceOf(PreflightError);
    await expect(refused).rejects.toThrow(
      new RegExp(
        `Port ${holder.port} is already in use by \\S*node\\S* -e .*\\(pid ${holder.pid}\\): .*PORT=<n>`,
      ),
    );
  });

  it('refuses a data folder it cannot write to, naming it', async () => {
    // A file where the folder should be: no user, root included, can make the folder there.
    const blocker = join(root, 'not-a-folder');
    await writeFile(blocker, '');
    const dataDir = join(blocker, 'data');
    await expect(
      preflight({ root, env: { PORT: '0', DATA_DIR: dataDir }, install: false, statfs: plenty }),
    ).rejects.toThrow(
      `Cannot write to ${dataDir} (DATA_DIR: the database, the session secret and the logs): ENOTDIR`,
    );
  });

  it.runIf(process.getuid?.() !== 0)('refuses a read-only data folder', async () => {
    const readOnly = join(root, 'read-only');
    await mkdir(readOnly, { mode: 0o500 });
    await chmod(readOnly, 0o500);
    await expect(
      preflight({ root, env: { PORT: '0', DATA_DIR: readOnly }, install: false, statfs: plenty }),
    ).rejects.toThrow(/Cannot write to .*read-only .*EACCES/);
  });

  it('refuses too little disk: less for a start than for a first install', async () => {
    await expect(
      preflight({ root, env: { PORT: '0' }, install: false, statfs: diskWith(0.25 * GiB) }),
    ).rejects.toThrow(/^Only 0\.3 GiB free on the disk of .*; AnnieAI needs 0\.5 GiB: free some space$/);
    // A first install (no node_modules yet) needs room for the dependencies and the builds.
    await expect(
      preflight({ root, env: { PORT: '0' }, install: true, statfs: diskWith(1 * GiB) }),
    ).rejects.toThrow(/AnnieAI needs 2\.0 GiB/);
    await expect(
      preflight({ root, env: { PORT: '0' }, install: false, statfs: diskWith(1 * GiB) }),
    ).resolves.toBeDefined();
  });
});
