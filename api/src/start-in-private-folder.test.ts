import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startApiProcess } from '../test/api-process.ts';

// `npm run serve` (the wrapper's pre-flight, then the API) with the embedded database and its data in
// a folder only its owner may enter: as root (this suite runs as root here and in CI), the server's
// `postgres` account cannot enter it, which used to end the start with initdb's EACCES; so the cluster
// moves to a folder of that account. A normal user runs the server as themselves, in the data folder.
const folder = await mkdtemp(join(tmpdir(), 'annie-private-'));
const dataDir = join(folder, '.data');
let clusterDir = '';

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
  if (clusterDir.startsWith('/var/lib/annie/clusters/'))
    await rm(clusterDir, { recursive: true, force: true });
});

/** A port nothing listens on now, for the embedded database. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const asRoot = process.getuid?.() === 0;

describe('a start in a private folder with the embedded database', () => {
  it(`reaches ready and stops cleanly, ${asRoot ? 'as root: the cluster moved where postgres may enter' : 'as a normal user: the cluster in the data folder'}`, async () => {
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      ANNIE_ADMIN_PASSWORD: 'private-folder-test-password',
      DATABASE_URL: '',
    };
    const api = await startApiProcess(['scripts/annie.mjs', 'serve'], env);
    const ready = await fetch(`${api.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    const databaseLine = api.lines.find((line) => line.startsWith('Database: embedded PostgreSQL in '));
    clusterDir = databaseLine?.replace('Database: embedded PostgreSQL in ', '').split(' ')[0] ?? '';
    if (asRoot) {
      expect(databaseLine).toContain(`the postgres account cannot enter ${dataDir}`);
      expect(clusterDir).toMatch(/^\/var\/lib\/annie\/clusters\/[0-9a-f]{16}$/);
    } else {
      expect(clusterDir).toBe(join(dataDir, 'postgres'));
      expect(databaseLine).not.toContain('cannot enter');
    }
    api.child.kill('SIGTERM');
    expect(await api.exited).toBe(0);
  });
});
