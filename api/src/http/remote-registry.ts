import { createHash } from 'node:crypto';
import type { RemoteEntry, RemoteRegistryResponse } from '@annie/contracts/remote-registry';
import { z } from 'zod';
import type { RemoteConfig } from '../config/env.ts';
import { defineProcessChannel } from '../live/live-channel.ts';
import type { LiveHub } from '../live/live-hub.ts';
import { countServed } from '../observability/index.ts';

/** Raised by triggers on every change of `remote_state` and every release published or removed. */
export const remoteChanges = defineProcessChannel({
  name: 'annie_remote_changed',
  payload: z.object({ remote: z.string() }),
});

type Served = { version: string; entry: string; since: number; approved: boolean };
type RemoteSnapshot = {
  active: Served | null;
  canary: (Served & { percent: number }) | null;
  /** What other tenants get while the active version waits for approval: the newest approved before it. */
  approvedFallback: Served | null;
  versions: Set<string>;
};
type Snapshot = { remotes: Map<string, RemoteSnapshot>; operatorTenant: string | undefined };

/** Who asks: the session's user and tenant (undefined: anonymous). */
export type RegistryUser = { userId: string; tenantId: string | undefined } | undefined;

/**
 * The share bucket (0–99) a user falls in for a remote: a hash of both, so a user keeps their canary
 * answer across reloads and instances, and the users of one remote's canary are not those of another's.
 */
export function canaryBucket(userId: string, remote: string): number {
  return createHash('sha256').update(`${userId}\0${remote}`).digest().readUInt32BE(0) % 100;
}

/** A published release as the registry reads it: whether it is the active version or the canary (its percent). */
export type ReleaseRow = {
  remote: string;
  version: string;
  entry: string;
  active: boolean;
  canary_percent: number | null;
  activated_at: Date | null;
  canary_at: Date | null;
  /** Whether it may reach every tenant (false: a deploy token's, waiting for an operator's approval). */
  approved: boolean;
  /** The remote's rollback chain, oldest first (what was active before). */
  history: string[] | null;
};

/** A release served to a user, as of its activation (`since`, ms). */
export type ReleaseServed = {
  remote: string;
  version: string;
  userId: string;
  tenantId: string | undefined;
  since: number;
};

/**
 * How core reads the release registry: the `remote-releases` module owns its tables and gives this
 * reader to the app (`registryReader` in its index), so core names none of them.
 */
export type RegistryReader = {
  releases(): Promise<ReleaseRow[]>;
  recordServed(served: ReleaseServed): Promise<void>;
  /** One file of a release as stored in the database; undefined when it has none (or a URL build's). */
  releaseFile(remote: string, version: string, path: string): Promise<Buffer | undefined>;
  /** The operator's tenant (pinned), whose users get a token's version before its approval. */
  operatorTenant(): Promise<string | undefined>;
};

/** The newest approved version of the rollback chain: what other tenants keep while `active` waits. */
function approvedBefore(rows: ReleaseRow[], history: string[]): Served | null {
  for (const version of [...history].reverse()) {
    const row = rows.find((candidate) => candidate.version === version);
    if (row?.approved) return { version, entry: row.entry, since: 0, approved: true };
  }
  return null;
}

async function loadSnapshot(reader: RegistryReader): Promise<Snapshot> {
  const [rows, operatorTenant] = await Promise.all([reader.releases(), reader.operatorTenant()]);
  const remotes = new Map<string, RemoteSnapshot>();
  for (const row of rows) {
    const remote = remotes.get(row.remote) ?? {
      active: null,
      canary: null,
      approvedFallback: null,
      versions: new Set<string>(),
    };
    remote.versions.add(row.version);
    if (row.active) {
      remote.active = {
        version: row.version,
        entry: row.entry,
        since: row.activated_at?.getTime() ?? 0,
        approved: row.approved,
      };
      if (!row.approved)
        remote.approvedFallback = approvedBefore(
          rows.filter((other) => other.remote === row.remote),
          row.history ?? [],
        );
    }
    if (row.canary_percent !== null)
      remote.canary = {
        version: row.version,
        entry: row.entry,
        percent: row.canary_percent,
        since: row.canary_at?.getTime() ?? 0,
        approved: row.approved,
      };
    remotes.set(row.remote, remote);
  }
  return { remotes, operatorTenant };
}

const ASSIGNMENTS_REMEMBERED = 50_000;

/**
 * The releases each user was served, in PostgreSQL (`remote_assignment`), written once per user and
 * activation: this instance remembers what it already wrote, and a row older than the activation is
 * brought forward (the user was served the version again, since it became active).
 */
class ServedReleases {
  readonly #reader: RegistryReader;
  readonly #written = new Set<string>();

  constructor(reader: RegistryReader) {
    this.#reader = reader;
  }

  async record(
    userId: string,
    tenantId: string | undefined,
    served: (Served & { remote: string })[],
  ): Promise<void> {
    const fresh = served.filter((release) => !this.#written.has(this.#key(userId, release)));
    if (fresh.length === 0) return;
    for (const release of fresh) {
      await this.#reader.recordServed({
        remote: release.remote,
        version: release.version,
        userId,
        tenantId,
        since: release.since,
      });
    }
    if (this.#written.size > ASSIGNMENTS_REMEMBERED) this.#written.clear();
    for (const release of fresh) this.#written.add(this.#key(userId, release));
  }

  #key(userId: string, release: Served & { remote: string }): string {
    return `${release.remote}\0${release.version}\0${release.since}\0${userId}`;
  }
}

/**
 * What `GET /api/remotes` answers, from the releases in PostgreSQL. Kept in memory while `listen` holds
 * the live hub's LISTEN connection (every instance reloads it when a trigger announces a change, from
 * any process); without it (the connection lost, tests, the CLI) each read goes to the database.
 * A remote whose REMOTE_<NAME>_ENTRY is configured keeps that entry: the operator's override wins.
 */
export class RemoteRegistry {
  readonly #reader: RegistryReader;
  readonly #remotes: RemoteConfig[];
  readonly #sandbox: boolean;
  #cached: Snapshot | undefined;
  #listening = false;
  #generation = 0;
  readonly #assignments: ServedReleases;

  constructor(reader: RegistryReader, remotes: RemoteConfig[], options: { sandbox: boolean }) {
    this.#reader = reader;
    this.#assignments = new ServedReleases(reader);
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
    const snapshot = await loadSnapshot(this.#reader);
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
    return (await this.#snapshot()).remotes.get(remote)?.versions.has(version) ?? false;
  }

  /** A stored file of a published release (its first paint): undefined when it has none. */
  async releaseFile(remote: string, version: string, path: string): Promise<Buffer | undefined> {
    if (!(await this.isPublished(remote, version))) return undefined;
    return this.#reader.releaseFile(remote, version, path);
  }

  /**
   * The registry as `userId` gets it (anonymous: no canary). Each release served to a signed-in user is
   * recorded before the answer leaves (once per activation, per user, on any instance), so a later report
   * that it failed to load can be told apart from one by a user it was never served to. A version a
   * deploy token published and no operator administrator approved yet reaches the operator's tenant
   * only: the others keep the newest approved version (or the deployed build).
   */
  async forUser(user: RegistryUser): Promise<RemoteRegistryResponse> {
    const snapshot = await this.#snapshot();
    const served: (Served & { remote: string })[] = [];
    const internal = Boolean(user?.tenantId && user.tenantId === snapshot.operatorTenant);
    const remotes = this.#remotes.map((remote) =>
      this.#entryFor(remote, snapshot.remotes.get(remote.name), user?.userId, internal, served),
    );
    if (user) await this.#assignments.record(user.userId, user.tenantId, served);
    countServed(served);
    return { remotes, sandbox: this.#sandbox };
  }

  /** The entries everyone gets, as last read (the configured ones before the first read). */
  current(): { name: string; entry: string }[] {
    const remotes = this.#cached?.remotes ?? new Map<string, RemoteSnapshot>();
    return this.#remotes.map((remote) => this.#entryFor(remote, remotes.get(remote.name), undefined, false));
  }

  #entryFor(
    remote: RemoteConfig,
    state: RemoteSnapshot | undefined,
    userId: string | undefined,
    internal: boolean,
    served: (Served & { remote: string })[] = [],
  ): RemoteEntry {
    const configured = { name: remote.name, entry: remote.entry, version: remote.version };
    if (remote.overridden || !state) return configured;
    const canary = state.canary && (internal || state.canary.approved) ? state.canary : null;
    if (canary && userId && canaryBucket(userId, remote.name) < canary.percent) {
      served.push({ remote: remote.name, ...canary });
      return { name: remote.name, entry: canary.entry, version: canary.version, canary: true };
    }
    const active =
      state.active && (internal || state.active.approved) ? state.active : state.approvedFallback;
    if (active) {
      served.push({ remote: remote.name, ...active });
      return { name: remote.name, entry: active.entry, version: active.version };
    }
    return configured;
  }
}
