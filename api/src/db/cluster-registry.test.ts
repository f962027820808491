import { existsSync } from 'node:fs';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { annieWith } from '../../test/annie-cli.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';

const annie = annieWith({ DATABASE_URL: undefined });

describe('db:clusters', () => {
  it('refuses anything but list or remove ID', () => {
    const run = annie('db:clusters', 'purge');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('db:clusters needs list, or remove ID');
  });

  // Root-mode clusters exist only when the server is started by root.
  it.runIf(process.getuid?.() === 0)(
    'lists a root-mode cluster with its data folder, and removes it only once stopped and its folder is gone',
    async () => {
      // A private folder (0700): the postgres account cannot enter it, so the cluster goes under /var/lib/annie.
      const dataDir = await mkdtemp(join(tmpdir(), 'annie-clusters-'));
      const db = await startEmbeddedPostgres({ dataDir, port: 58_000 + (process.pid % 1_000) });
      const id = basename(db.layout.clusterDir);
      try {
        expect(db.layout.clusterDir).toBe(`/var/lib/annie/clusters/${id}`);
        const listed = annie('db:clusters', 'list');
        expect(listed.status).toBe(0);
        const line = listed.stdout.split('\n').find((row) => row.startsWith(id)) ?? '';
        expect(line).toMatch(/running \(pid \d+\)/);
        expect(line).toContain(await realpath(dataDir));

        const whileRunning = annie('db:clusters', 'remove', id);
        expect(whileRunning.status).toBe(1);
        expect(whileRunning.stderr).toMatch(/is running/);
        await db.stop();
        const whileKept = annie('db:clusters', 'remove', id);
        expect(whileKept.status).toBe(1);
        expect(whileKept.stderr).toMatch(/still exists: delete that data folder first/);
        expect(existsSync(db.layout.clusterDir)).toBe(true);

        await rm(dataDir, { recursive: true, force: true });
        expect(annie('db:clusters', 'list').stdout).toContain(
          `(gone: remove it with db:clusters remove ${id})`,
        );
        const removed = annie('db:clusters', 'remove', id);
        expect(removed.stderr).toBe('');
        expect(removed.status).toBe(0);
        expect(existsSync(db.layout.clusterDir)).toBe(false);
        expect(annie('db:clusters', 'list').stdout).not.toContain(id);
      } finally {
        await db.stop();
        await rm(dataDir, { recursive: true, force: true });
        await rm(db.layout.clusterDir, { recursive: true, force: true });
        await rm(`${db.layout.clusterDir}.owner.json`, { force: true });
      }
    },
  );
});
