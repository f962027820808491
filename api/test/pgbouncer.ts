import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, runAsAccount, type ThrowawayCluster } from './throwaway-cluster.ts';

export const PGBOUNCER = '/usr/sbin/pgbouncer';

export type PgBouncer = { port: number; url: (database: string) => string; stop: () => Promise<void> };

/** Resolves once something accepts TCP connections on the port. */
async function accepting(port: number, deadline: number): Promise<void> {
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`pgbouncer did not listen on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Debian's PgBouncer in transaction mode in front of `cluster`, reaching it over its Unix socket (so
 * the server sees the pooler's connections without a client address and the app's direct ones with
 * one), `poolSize` server connections per database and user.
 */
export async function startPgBouncer(cluster: ThrowawayCluster, poolSize: number): Promise<PgBouncer> {
  if (!existsSync(PGBOUNCER)) throw new Error(`${PGBOUNCER} is missing (apt-get install pgbouncer)`);
  const dir = await mkdtemp(join(tmpdir(), 'annie-pgbouncer-'));
  const account = await runAsAccount();
  const port = await freePort();
  await writeFile(join(dir, 'userlist.txt'), '"annie" ""\n');
  await writeFile(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${cluster.socketDir} port=${cluster.port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 1000',
      'ignore_startup_parameters = extra_float_digits',
      '',
    ].join('\n'),
  );
  if (account) {
    for (const file of ['', 'userlist.txt', 'pgbouncer.ini'])
      await chown(join(dir, file), account.uid, account.gid);
  }
  const child = spawn(PGBOUNCER, [join(dir, 'pgbouncer.ini')], { ...(account ?? {}), stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // A test file whose setup fails runs no afterAll: the pooler must not outlive the test worker.
  const stopNow = () => child.kill('SIGKILL');
  process.once('exit', stopNow);
  await accepting(port, Date.now() + 10_000);
  return {
    port,
    url: (database) => `postgres://annie@127.0.0.1:${port}/${database}`,
    stop: async () => {
      process.off('exit', stopNow);
      child.kill('SIGINT');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
