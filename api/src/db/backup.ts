import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, writeFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** Raised when no usable pg_dump/pg_restore is found; the message says what to install. */
export class BackupToolError extends Error {
  override name = 'BackupToolError';
}

/** Where pg_dump and pg_restore may be, in order: PG_BIN_DIR, then the PATH. */
function candidateDirs(binDir: string | undefined): string[] {
  return [...(binDir ? [binDir] : []), ...(process.env.PATH ?? '').split(delimiter).filter(Boolean)];
}

async function majorVersionOf(tool: string): Promise<number> {
  const { stdout } = await run(tool, ['--version']);
  return Number(/(\d+)(?:\.\d+)?/.exec(stdout)?.[1] ?? 0);
}

async function serverMajorVersion(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version_num: string }>('show server_version_num');
    return Math.floor(Number(rows[0]?.server_version_num) / 10_000);
  } finally {
    await client.end();
  }
}

/**
 * The first `tool` found that can talk to this server: pg_dump refuses servers newer than itself, so
 * an older one is skipped, and if none fits the error names the version to install.
 */
export async function findPgTool(
  tool: 'pg_dump' | 'pg_restore',
  databaseUrl: string,
  options: { binDir?: string },
): Promise<string> {
  const server = await serverMajorVersion(databaseUrl);
  const found: string[] = [];
  for (const dir of candidateDirs(options.binDir)) {
    const path = join(dir, tool);
    if (!existsSync(path)) continue;
    const major = await majorVersionOf(path);
    if (major >= server) return path;
    found.push(`${path} (${major})`);
  }
  const seen = found.length > 0 ? `found only ${found.join(', ')}` : `none found`;
  throw new BackupToolError(
    `${tool} ${server} or newer is needed for this PostgreSQL ${server} server (${seen}). ` +
      `Install the PostgreSQL ${server} client tools and set PG_BIN_DIR to their bin folder.`,
  );
}

/** libpq settings from a URL, the password in the environment rather than on the command line. */
function connectionOf(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Writes the whole database (schema, data, job queue) to `file` in pg_dump's custom format. */
export async function backupDatabase(pgDump: string, databaseUrl: string, file: string): Promise<void> {
  const { dbname, env } = connectionOf(databaseUrl);
  // Created readable by its owner only before pg_dump writes into it: it holds password hashes,
  // session ids, messages and transcripts.
  await writeFile(file, '', { mode: 0o600 });
  await chmod(file, 0o600);
  await run(
    pgDump,
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${dbname}`],
    {
      env,
    },
  );
}

/**
 * Replaces the database's contents with the backup in `file`, in one transaction: it either all
 * applies or nothing changes. Stop the API first; open connections would hold locks on the tables.
 */
export async function restoreDatabase(pgRestore: string, databaseUrl: string, file: string): Promise<void> {
  const { dbname, env } = connectionOf(databaseUrl);
  await run(
    pgRestore,
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${dbname}`,
      file,
    ],
    { env },
  );
}
