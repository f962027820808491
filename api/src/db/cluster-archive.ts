import { createWriteStream } from 'node:fs';
import { chmod, lstat, open, readdir, rename, rm } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { BackupToolError } from './backup.ts';
import { isSocketFile } from './embedded-server-check.ts';

/**
 * The archive of the embedded cluster: gzip over a sequence of entries, each a 4-byte length, a JSON
 * header and the file's bytes. Archives made before round three also carry the superuser's password
 * as PASSWORD_ENTRY: a restore skips it (it sets a new password), and new archives hold none.
 */
export const MAGIC = 'ANNIE-PGDATA-1\n';
export const PASSWORD_ENTRY = '.annie/postgres-password';

export type Header = { path: string; type: 'dir' | 'file'; mode: number; size: number };

/** What the server makes afresh and a backup leaves out, whichever way it is taken. */
const NEVER = new Set(['postmaster.pid', 'postmaster.opts']);

/**
 * Folders whose files a backup of the running server leaves out: rebuilt at start, or (pg_wal) added
 * afterwards from what was written during the backup. Replication slots are left out with their folders.
 */
const ONLINE_WITHOUT_FILES = new Set([
  'pg_wal',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);
const ONLINE_WITHOUT_FOLDERS = new Set(['pg_replslot']);

function headerBytes(header: Header): Buffer {
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return Buffer.concat([length, json]);
}

/** An entry for bytes made here (the backup label, the tablespace map). */
export function* bytesEntry(path: string, bytes: Buffer): Generator<Buffer> {
  yield headerBytes({ path, type: 'file', mode: 0o600, size: bytes.length });
  yield bytes;
}

/**
 * An entry for a file of the cluster, its size as found when opened. A file the running server
 * shortens meanwhile is padded with zeros to that size (replaying the WAL truncates it again); one
 * removed before it was opened is left out.
 */
export async function* fileEntry(path: string, file: string): AsyncGenerator<Buffer> {
  const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!handle) return;
  try {
    const info = await handle.stat();
    yield headerBytes({ path, type: 'file', mode: info.mode & 0o777, size: info.size });
    let sent = 0;
    if (info.size > 0) {
      for await (const chunk of handle.createReadStream({ start: 0, end: info.size - 1, autoClose: false })) {
        sent += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
    }
    for (let left = info.size - sent; left > 0; left -= 65_536) yield Buffer.alloc(Math.min(left, 65_536));
  } finally {
    await handle.close();
  }
}

/** Every folder and file under the cluster folder, in a stable order, as archive entries. */
export async function* clusterEntries(
  root: string,
  options: { online: boolean },
  folder = root,
  filesToo = true,
): AsyncGenerator<Buffer> {
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    // A folder the running server removed meanwhile (a dropped database).
    if (error.code === 'ENOENT' && options.online) return [];
    throw error;
  });
  for (const name of names.sort()) {
    const file = join(folder, name);
    const path = relative(root, file).split(sep).join('/');
    if (NEVER.has(path) || isSocketFile(name)) continue;
    if (options.online && (path === 'backup_label' || path === 'tablespace_map')) continue;
    if (options.online && (name.startsWith('pgsql_tmp') || name === 'pg_internal.init')) continue;
    const info = await lstat(file).catch(() => undefined);
    if (!info) continue;
    if (info.isDirectory()) {
      yield headerBytes({ path, type: 'dir', mode: info.mode & 0o777, size: 0 });
      if (options.online && ONLINE_WITHOUT_FOLDERS.has(path)) continue;
      const withFiles = filesToo && !(options.online && ONLINE_WITHOUT_FILES.has(path));
      yield* clusterEntries(root, options, file, withFiles);
    } else if (info.isFile()) {
      if (filesToo) yield* fileEntry(path, file);
    } else {
      throw new BackupToolError(`Cannot back up ${file}: only plain files and folders are expected`);
    }
  }
}

/** Writes the archive to `file` (readable by its owner only), whole or not at all. */
export async function writeArchive(file: string, entries: AsyncIterable<Buffer>): Promise<void> {
  const partial = `${file}.partial-${process.pid}`;
  async function* archive() {
    yield Buffer.from(MAGIC);
    yield* entries;
  }
  try {
    // Created 0600 before any byte: it holds password hashes, session ids, messages and transcripts.
    await pipeline(archive(), createGzip(), createWriteStream(partial, { mode: 0o600 }));
    await chmod(partial, 0o600);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
}
