import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { BackupToolError } from './backup.ts';
import { serverEnvironment } from './embedded-environment.ts';
import type { ClusterLayout } from './embedded-layout.ts';

/**
 * A backup of the embedded cluster carries no password: its superuser's is only a SCRAM verifier in
 * pg_authid. A restore sets a new one before the cluster is swapped in, through PostgreSQL's
 * single-user mode (no socket, no authentication, only the server's account can run it on those files),
 * which also replays the WAL an online backup holds. The caller then writes the returned password to
 * DATA_DIR/postgres-password, where the next start reads it.
 */
export async function setNewSuperuserPassword(layout: ClusterLayout, clusterDir: string): Promise<string> {
  const password = randomBytes(24).toString('base64url');
  const child = spawn(
    join(layout.binDir, 'postgres'),
    // The bootstrap superuser is who a single-user session runs as, whatever its name.
    [
      '--single',
      '-D',
      clusterDir,
      '-c',
      'listen_addresses=',
      '-c',
      'password_encryption=scram-sha-256',
      'postgres',
    ],
    { ...(layout.runAs ?? {}), env: serverEnvironment(), stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-8_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  // On standard input, never on the command line; base64url needs no quoting.
  child.stdin.end(`alter role current_user password '${password}'\n`);
  const code = await exited;
  if (code !== 0 || /\b(ERROR|FATAL|PANIC):/.test(output)) {
    const last = output.trim().split('\n').slice(-4).join(' | ');
    throw new BackupToolError(`The restored database could not be given a new password: ${last}`);
  }
  return password;
}
