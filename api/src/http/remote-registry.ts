import { createHash } from 'node:crypto';
import type { ModuleRegistry, RemoteEntry } from '@annie/api-client/contracts/modules';
import { z } from 'zod';
import type { RemoteConfig } from '../config/env.ts';
import type { Pool } from '../db/pool.ts';
import { defineProcessChannel } from '../live/live-channel.ts';
import type { LiveHub } from '../live/live-hub.ts';

/** Raised by triggers on every change of `remote_state` and every release published or removed. */
export const remoteChanges = defineProcessChannel({
  name: 'annie_remote_changed',
  payload: z.object({ remote: z.string() }),
});

type Served = { version: string; entry: string };
type RemoteSnapshot = {
  active: Served | null;
  canary: (Served & { percent: number }) | null;
  versions: Set<string>;
};
type Snapshot = Map<string, RemoteSnapshot>;

/**
 * The share bucket (0–99) a user falls in for a remote: a hash of both, so a user keeps their canary
 * answer across reloads and instances, and the users of one remote's canary are not those of another's.
 */
export function canaryBucket(userId: string, remote: string): number {
  return createHash('sha256').update(`${userId}\0${remote}`).digest().readUInt32BE(0) % 100;
}

// Plain SQL, not tenant-scoped: the release registry is the operator's, shared by every tenant.
async function loadSnapshot(pool: Pool): Promise<Snapshot> {
  const { rows } = await pool.query<{
    remote: string;
    version: string;
    entry: string;
    active: boolean;
    canary_percent: number | null;
  }>(
    `select r.remote, r.version, r.entry, s.active_version = r.version as active,
            case when s.canary_version = r.version then s.canary_percent end as canary_percent
       from remote_release r left join remote_state s on s.remote = r.remote`,
  );
  const snapshot: Snapshot = new Map();
  for (const row of rows) {
    const remote = snapshot.get(row.remote) ?? { active: null, canary: null, versions: new Set<string>() };
    remote.versions.add(row.version);
    if (row.active) remote.active = { version: row.version, entry: row.entry };
    if (row.canary_percent !== null)
      remote.canary = { version: row.version, entry: row.entry, percent: row.canary_percent };
    snapshot.set(row.remote, remote);
  }
  return snapshot;
}

/**
 * What `GET /api/modules` answers, from the releases in PostgreSQL. Kept in memory while `listen` holds
 * the live hub's LISTEN connection (every instance reloads it when a trigger announces a change, from
 * any process); without it (the connection lost, tests, the CLI) each read goes to the database.
 * A remote whose REMOTE_<NAME>_ENTRY is configured keeps that entry: the operator's override wins.
 */
export class RemoteRegistry {
  readonly #pool: Pool;
  readonly #remotes: RemoteConfig[];
  readonly #sandbox: boolean;
  #cached: Snapshot | undefined;
  #listening = false;
  #generation = 0;

  constructor(pool: Pool, remotes: RemoteConfig[], options: { sandbox: boolean }) {
    this.#pool = pool;
    this.#remotes = remotes;
    this.#sandbox = options.sandbox;
  }

  get configured(): readonly RemoteConfig[] {
    return this.#remotes;
  }

  async listen(hub: LiveHub): Promise<() => void> {
    const unlisten = await hub.listenProcessWide(remoteChanges, {
      event: () => void this.#reload(),
      lost: () => this.#setListening(false),
      resync: () => this.#setListening(true),
      end: () => this.#setListening(false),
    });
    this.#setListening(true);
    await this.#reload();
    return () => {
      unlisten();
      this.#setListening(false);
    };
  }

  #setListening(listening: boolean): void {
    this.#listening = listening;
    this.#generation += 1;
    this.#cached = undefined;
    if (listening) void this.#reload();
  }

  async #reload(): Promise<Snapshot> {
    this.#generation += 1;
    const generation = this.#generation;
    const snapshot = await loadSnapshot(this.#pool);
    // A change announced while this read ran is read again by the reload it started.
    if (this.#listening && generation === this.#generation) this.#cached = snapshot;
    return snapshot;
  }

  async #snapshot(): Promise<Snapshot> {
    if (this.#listening && this.#cached) return this.#cached;
    return this.#reload();
  }

  /** Whether `version` of `remote` is published (for serving its files). */
  async isPublished(remote: string, version: string): Promise<boolean> {
    return (await this.#snapshot()).get(remote)?.versions.has(version) ?? false;
  }

  /** The registry as `userId` gets it (anonymous: no canary). */
  async forUser(userId: string | undefined): Promise<ModuleRegistry> {
    const snapshot = await this.#snapshot();
    return {
      remotes: this.#remotes.map((remote) => this.#entryFor(remote, snapshot.get(remote.name), userId)),
      sandbox: this.#sandbox,
    };
  }

  /** The entries everyone gets, as last read (the configured ones before the first read). */
  current(): { name: string; entry: string }[] {
    const snapshot = this.#cached ?? new Map<string, RemoteSnapshot>();
    return this.#remotes.map((remote) => this.#entryFor(remote, snapshot.get(remote.name), undefined));
  }

  #entryFor(
    remote: RemoteConfig,
    state: RemoteSnapshot | undefined,
    userId: string | undefined,
  ): RemoteEntry {
    const configured = { name: remote.name, entry: remote.entry, version: remote.version };
    if (remote.overridden || !state) return configured;
    if (state.canary && userId && canaryBucket(userId, remote.name) < state.canary.percent)
      return { name: remote.name, entry: state.canary.entry, version: state.canary.version, canary: true };
    if (state.active) return { name: remote.name, entry: state.active.entry, version: state.active.version };
    return configured;
  }
}
