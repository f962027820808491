import { readFile, stat } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { FIRST_PAINT_FILE, FIRST_PAINT_MAX_HTML, type FirstPaint } from '@annie/contracts/first-paint';
import type { RemoteEntry } from '@annie/contracts/remote-registry';
import { REMOTE_NAMES, type RemoteName } from '@annie/contracts/remotes';
import { checkFirstPaint } from './first-paint-check.ts';

/** What the first paints are read through: the release registry (core's RemoteRegistry). */
export type ReleaseFileSource = {
  isPublished(remote: string, version: string): Promise<boolean>;
  /** A stored file of a published release; undefined when it has none (or it is a URL build's). */
  releaseFile(remote: string, version: string, path: string): Promise<Buffer | undefined>;
};

const ENTRY_PATH = /^\/remotes\/([a-z]+)\/(?:(.+)\/)?mf-manifest\.json$/;
const RELEASES_KEPT = 64;
const HOSTED_TTL_MS = 60_000;
const HOSTED_TIMEOUT_MS = 3_000;
// The HTML's cap (the contract's) with room for the JSON around it and its escapes.
const MAX_FILE_BYTES = 4 * FIRST_PAINT_MAX_HTML;

const isRemoteName = (name: string): name is RemoteName => (REMOTE_NAMES as string[]).includes(name);

/**
 * The first paint of a remote's build, as the entry a user gets names it (GET /api/remotes): a published
 * release's own first-paint.json (stored with its version, kept in memory once read: a version is never
 * replaced), else the file beside the configured entry: in the build on disk (remotes/<name>/dist), or at
 * a REMOTE_<NAME>_ENTRY URL (read again after a minute). Checked as at publish every time it is read; a
 * build without one, or with one that does not pass, has none: its page shows no first paint, never a
 * broken one.
 */
export class FirstPaints {
  readonly #releases: ReleaseFileSource;
  readonly #remoteDirs: Record<string, string>;
  readonly #onProblem: (message: string) => void;
  readonly #released = new Map<string, Promise<FirstPaint | undefined>>();
  readonly #onDisk = new Map<string, { version: string; firstPaint: FirstPaint | undefined }>();
  readonly #hosted = new Map<string, { until: number; firstPaint: Promise<FirstPaint | undefined> }>();

  constructor(
    releases: ReleaseFileSource,
    remoteDirs: Record<string, string>,
    onProblem: (message: string) => void = () => {},
  ) {
    this.#releases = releases;
    this.#remoteDirs = remoteDirs;
    this.#onProblem = onProblem;
  }

  /** The first paint of the build `entry` names; undefined when it has none that can be used. */
  async of(entry: RemoteEntry): Promise<FirstPaint | undefined> {
    if (!isRemoteName(entry.name)) return undefined;
    if (/^https?:\/\//.test(entry.entry)) return this.#fromHost(entry.name, entry.entry);
    const path = ENTRY_PATH.exec(entry.entry);
    if (!path || path[1] !== entry.name) return undefined;
    const folder = path[2];
    if (folder === entry.version && (await this.#releases.isPublished(entry.name, entry.version)))
      return this.#fromRelease(entry.name, entry.version);
    return this.#fromDisk(entry.name, folder ?? '');
  }

  #checked(remote: RemoteName, where: string, bytes: Buffer | undefined): FirstPaint | undefined {
    if (!bytes) return undefined;
    let json: unknown;
    try {
      json = JSON.parse(bytes.toString('utf8'));
    } catch {
      this.#onProblem(`${where} is not JSON: the page shows no first paint`);
      return undefined;
    }
    const check = checkFirstPaint(remote, json);
    if (check.ok) return check.firstPaint;
    this.#onProblem(`${where} is not used: ${check.problems.join('; ')}`);
    return undefined;
  }

  #fromRelease(remote: RemoteName, version: string): Promise<FirstPaint | undefined> {
    const key = `${remote}\0${version}`;
    let read = this.#released.get(key);
    if (!read) {
      read = this.#releases.releaseFile(remote, version, FIRST_PAINT_FILE).then(
        (bytes) => this.#checked(remote, `${remote} ${version}'s ${FIRST_PAINT_FILE}`, bytes),
        () => {
          // A failed read costs this page its first paint only: the next request reads again.
          this.#released.delete(key);
          return undefined;
        },
      );
      if (this.#released.size >= RELEASES_KEPT)
        this.#released.delete(this.#released.keys().next().value ?? '');
      this.#released.set(key, read);
    }
    return read;
  }

  async #fromDisk(remote: RemoteName, folder: string): Promise<FirstPaint | undefined> {
    const root = this.#remoteDirs[remote];
    if (!root) return undefined;
    const file = resolve(root, folder, FIRST_PAINT_FILE);
    if (relative(root, file).startsWith('..')) return undefined;
    let version: string;
    try {
      const stats = await stat(file);
      version = `${stats.size}:${stats.mtimeMs}`;
    } catch {
      return undefined;
    }
    const cached = this.#onDisk.get(file);
    if (cached?.version === version) return cached.firstPaint;
    const bytes = await readFile(file).catch(() => undefined);
    const firstPaint = this.#checked(remote, join('remotes', remote, folder, FIRST_PAINT_FILE), bytes);
    this.#onDisk.set(file, { version, firstPaint });
    return firstPaint;
  }

  #fromHost(remote: RemoteName, entry: string): Promise<FirstPaint | undefined> {
    const url = new URL(FIRST_PAINT_FILE, entry).href;
    const cached = this.#hosted.get(url);
    if (cached && cached.until > Date.now()) return cached.firstPaint;
    const firstPaint = fetch(url, { signal: AbortSignal.timeout(HOSTED_TIMEOUT_MS), redirect: 'error' })
      .then(async (response) => (response.ok ? Buffer.from(await response.arrayBuffer()) : undefined))
      .then((bytes) => (bytes && bytes.length <= MAX_FILE_BYTES ? bytes : undefined))
      .catch(() => undefined)
      .then((bytes) => this.#checked(remote, url, bytes));
    this.#hosted.set(url, { until: Date.now() + HOSTED_TTL_MS, firstPaint });
    return firstPaint;
  }
}
