// deploy/ha/*.sh driven from a script: the HA PostgreSQL topology (etcd, two Patroni nodes, HAProxy,
// PgBouncer) in a temporary folder, the API's settings for it, and the primary killed on demand.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './root.ts';

export interface HaTopology {
  /** DATABASE_URL (PgBouncer) and DATABASE_DIRECT_URL (HAProxy to the primary). */
  env: Record<string, string>;
  /** kill -9 the primary's Patroni and PostgreSQL; resolves with its node name. */
  killPrimary(): string;
  /** Starts a killed node's Patroni again; resolves once it is a streaming replica, with the ms it took. */
  rejoin(node: string): number;
  /** Whether Patroni's log of the node says it ran pg_rewind. */
  rewound(node: string): boolean;
  /** Point-in-time restore of the cluster (deploy/ha/restore.sh); resolves with the script's last line. */
  restore(targetTime: string): string;
  /** `pgbackrest check` on the current primary (WAL archiving works); throws when it fails. */
  checkBackups(): void;
  down(): Promise<void>;
}

function script(name: string, dir: string, inherit: boolean, args: string[] = []): string {
  const result = spawnSync(join(ROOT, 'deploy/ha', name), [dir, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', inherit ? 'inherit' : 'pipe'],
  });
  if (result.status !== 0)
    throw new Error(`deploy/ha/${name} failed: ${result.stderr ?? ''}${result.stdout}`);
  return result.stdout.trim();
}

/** Brings the topology up (deploy/ha/up.sh) in a fresh temporary folder. */
export async function haTopologyUp(): Promise<HaTopology> {
  const dir = await mkdtemp(join(tmpdir(), 'annie-ha-'));
  const down = async () => {
    script('down.sh', dir, true);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    script('up.sh', dir, true);
  } catch (error) {
    await down();
    throw error;
  }
  const env = Object.fromEntries(
    (await readFile(join(dir, 'annie.env'), 'utf8'))
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  return {
    env,
    killPrimary: () => script('kill-primary.sh', dir, false),
    rejoin: (node) => Number(script('rejoin-node.sh', dir, false, [node])),
    rewound: (node) =>
      readFileSync(join(dir, `patroni${node.replace('node', '')}.log`), 'utf8').includes('running pg_rewind'),
    restore: (targetTime) => script('restore.sh', dir, false, [targetTime]),
    checkBackups: () => void script('backup.sh', dir, false, ['check']),
    down,
  };
}
