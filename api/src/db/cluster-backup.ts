import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { chmod, chown, lstat, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { BackupToolError } from './backup.ts';
import type { ClusterLayout } from './embedded-layout.ts';

/**
 * File-system-level backups of the embedded cluster: every file of its data directory, copied while
 * the server is stopped, which PostgreSQL documents as a consistent backup needing no client tools
 * (the embedded package ships only initdb, pg_ctl and postgres). The archive is gzip over a sequence
 * of entries, each a 4-byte length, a JSON header and the file's bytes; it also carries the cluster's
 * superuser password, which must match the restored cluster's.
 */
const MAGIC = 'ANNIE-PGDATA-1\n';
const PASSWORD_ENTRY = '.annie/postgres-password';

type Header = { path: string; type: 'dir' | 'file'; mode: number; size: number };

/** The postmaster's pid when a server runs on the cluster now (its pid file names a live process). */
function runningPid(clusterDir: string): number | undefined {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

function assertStopped(layout: ClusterLayout, command: string): void {
  if (!existsSync(join(layout.clusterDir, 'PG_VERSION'))) {
    throw new BackupToolError(
      `There is no embedded database in ${layout.clusterDir} yet: start AnnieAI once first`,
    );
  }
  const pid = runningPid(layout.clusterDir);
  if (pid) {
    throw new BackupToolError(
      `The embedded database is running (pid ${pid}): stop AnnieAI, then run ${command} again ` +
        '(it copies the database files, which needs the database stopped)',
    );
  }
}

async function* entriesOf(root: string, folder = root): AsyncGenerator<Header & { file: string }> {
  for (const name of (await readdir(folder)).sort()) {
    const file = join(folder, name);
    const info = await lstat(file);
    const path = relative(root, file).split(sep).join('/');
    if (path === 'postmaster.pid') continue;
    if (info.isDirectory()) {
      yield { file, path, type: 'dir', mode: info.mode & 0o777, size: 0 };
      yield* entriesOf(root, file);
    } else if (info.isFile()) {
      yield { file, path, type: 'file', mode: info.mode & 0o777, size: info.size };
    } else {
      throw new BackupToolError(`Cannot back up ${file}: only plain files and folders are expected`);
    }
  }
}

function headerBytes(header: Header): Buffer {
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return Buffer.concat([length, json]);
}

/** Writes the stopped cluster (and its password file) to `file`, readable by its owner only. */
export async function backupCluster(
  layout: ClusterLayout,
  passwordFile: string,
  file: string,
): Promise<void> {
  assertStopped(layout, 'db:backup');
  const partial = `${file}.partial-${process.pid}`;
  async function* archive() {
    yield Buffer.from(MAGIC);
    const password = await readFile(passwordFile);
    yield headerBytes({ path: PASSWORD_ENTRY, type: 'file', mode: 0o600, size: password.length });
    yield password;
    for await (const entry of entriesOf(layout.clusterDir)) {
      yield headerBytes(entry);
      if (entry.type === 'file') yield* createReadStream(entry.file);
    }
  }
  try {
    await pipeline(archive(), createGzip(), createWriteStream(partial, { mode: 0o600 }));
    await chmod(partial, 0o600);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
}

/** Reads exactly `size` bytes from a byte stream, across chunk boundaries. */
class ByteReader {
  #buffered: Buffer = Buffer.alloc(0);
  readonly #chunks: AsyncIterator<Buffer>;

  constructor(stream: AsyncIterable<Buffer>) {
    this.#chunks = stream[Symbol.asyncIterator]();
  }

  /** `size` bytes, or null at a clean end of the stream. */
  async read(size: number): Promise<Buffer | null> {
    while (this.#buffered.length < size) {
      const next = await this.#chunks.next();
      if (next.done) {
        if (this.#buffered.length === 0) return null;
        throw new BackupToolError('The backup file is cut short');
      }
      this.#buffered = Buffer.concat([this.#buffered, next.value]);
    }
    const bytes = this.#buffered.subarray(0, size);
    this.#buffered = this.#buffered.subarray(size);
    return bytes;
  }

  /** The next `size` bytes as they arrive, for a file's data (never all of it in memory at once). */
  async *stream(size: number): AsyncGenerator<Buffer> {
    let left = size;
    while (left > 0) {
      if (this.#buffered.length === 0) {
        const next = await this.#chunks.next();
        if (next.done) throw new BackupToolError('The backup file is cut short');
        this.#buffered = next.value;
      }
      const bytes = this.#buffered.subarray(0, left);
      this.#buffered = this.#buffered.subarray(bytes.length);
      left -= bytes.length;
      yield bytes;
    }
  }
}

/**
 * Replaces the stopped cluster with the one in `file`: extracted beside it first, then swapped in, so a
 * bad file leaves the current database as it was.
 */
export async function restoreCluster(
  layout: ClusterLayout,
  passwordFile: string,
  file: string,
): Promise<void> {
  assertStopped(layout, 'db:restore');
  const incoming = `${layout.clusterDir}.restoring`;
  const previous = `${layout.clusterDir}.before-restore`;
  await rm(incoming, { recursive: true, force: true });
  await mkdir(incoming, { mode: 0o700 });
  let password: Buffer | undefined;
  try {
    const reader = new ByteReader(createReadStream(file).pipe(createGunzip()));
    const magic = await reader.read(MAGIC.length).catch(() => null);
    if (magic?.toString() !== MAGIC) {
      throw new BackupToolError(
        `${file} is not a backup of the embedded database (a pg_dump file is restored with DATABASE_URL set)`,
      );
    }
    for (let length = await reader.read(4); length; length = await reader.read(4)) {
      const header = JSON.parse((await reader.read(length.readUInt32BE()))?.toString() ?? '') as Header;
      if (header.path.split('/').includes('..') || header.path.startsWith('/')) {
        throw new BackupToolError(`${file} holds an unexpected path: ${header.path}`);
      }
      if (header.path === PASSWORD_ENTRY) {
        const chunks: Buffer[] = [];
        for await (const chunk of reader.stream(header.size)) chunks.push(chunk);
        password = Buffer.concat(chunks);
        continue;
      }
      const target = join(incoming, header.path);
      if (header.type === 'dir') await mkdir(target, { mode: 0o700 });
      else {
        await pipeline(reader.stream(header.size), createWriteStream(target, { mode: header.mode & 0o700 }));
      }
      if (layout.runAs) await chown(target, layout.runAs.uid, layout.runAs.gid);
    }
    if (!existsSync(join(incoming, 'PG_VERSION')) || !password) {
      throw new BackupToolError(`${file} is incomplete: no database cluster in it`);
    }
    if (layout.runAs) await chown(incoming, layout.runAs.uid, layout.runAs.gid);
    await rm(previous, { recursive: true, force: true });
    await rename(layout.clusterDir, previous);
    await rename(incoming, layout.clusterDir);
    await mkdir(dirname(passwordFile), { recursive: true });
    await writeFile(passwordFile, password, { mode: 0o600 });
    await rm(previous, { recursive: true, force: true });
  } finally {
    await rm(incoming, { recursive: true, force: true });
  }
}
