import { createReadStream, createWriteStream } from 'node:fs';
import { chown, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { BackupToolError } from './backup.ts';
import { type Header, MAGIC, PASSWORD_ENTRY } from './cluster-archive.ts';

const CUT_SHORT = 'is cut short (copied or written incompletely)';

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
        throw new BackupToolError(`The backup file ${CUT_SHORT}`);
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
        if (next.done) throw new BackupToolError(`The backup file ${CUT_SHORT}`);
        this.#buffered = next.value;
      }
      const bytes = this.#buffered.subarray(0, left);
      this.#buffered = this.#buffered.subarray(bytes.length);
      left -= bytes.length;
      yield bytes;
    }
  }
}

function assertSafePath(file: string, path: unknown): asserts path is string {
  const parts = typeof path === 'string' ? path.split('/') : [];
  if (
    typeof path !== 'string' ||
    path === '' ||
    path.startsWith('/') ||
    path.includes('\\') ||
    parts.some((part) => part === '..' || part === '.' || part === '')
  ) {
    throw new BackupToolError(`${file} holds an unexpected path: ${String(path)}`);
  }
}

/**
 * Extracts the archive `file` into the empty folder `into` (owned by `runAs` when given), skipping the
 * password an archive of an earlier version carries. Throws on anything unexpected; the caller removes
 * `into` then.
 */
export async function extractArchive(
  file: string,
  into: string,
  runAs: { uid: number; gid: number } | undefined,
): Promise<void> {
  const reader = new ByteReader(createReadStream(file).pipe(createGunzip()));
  try {
    const magic = await reader.read(MAGIC.length).catch(() => null);
    if (magic?.toString() !== MAGIC) {
      throw new BackupToolError(
        `${file} is not a backup of the embedded database (a pg_dump file is restored with DATABASE_URL set)`,
      );
    }
    for (let length = await reader.read(4); length; length = await reader.read(4)) {
      const header = JSON.parse((await reader.read(length.readUInt32BE()))?.toString() ?? '') as Header;
      assertSafePath(file, header.path);
      if (header.path === PASSWORD_ENTRY) {
        for await (const _chunk of reader.stream(header.size));
        continue;
      }
      const target = join(into, header.path);
      if (header.type === 'dir') await mkdir(target, { mode: 0o700 });
      else {
        await pipeline(reader.stream(header.size), createWriteStream(target, { mode: header.mode & 0o700 }));
      }
      if (runAs) await chown(target, runAs.uid, runAs.gid);
    }
  } catch (error) {
    // zlib's own words for a gzip stream that ends early.
    if ((error as NodeJS.ErrnoException).code === 'Z_BUF_ERROR') {
      throw new BackupToolError(`${file} ${CUT_SHORT}`);
    }
    if (error instanceof SyntaxError) throw new BackupToolError(`${file} is damaged: ${error.message}`);
    throw error;
  }
}
