import { z } from 'zod';
import type { Pool } from '../../db/pool.ts';
import { defineProcessChannel } from '../../live/live-channel.ts';
import type { LiveHub } from '../../live/live-hub.ts';
import { forgetSessionUser } from '../session-user.ts';
import type { SessionData } from './session.queries.ts';
import { destroySession, purgeExpiredSessions, readSession, writeSession } from './session.queries.ts';

export type { SessionData };

// A backstop only: while the listener is up, a change reaches the cache within milliseconds. The TTL
// bounds what a connection that died unnoticed (no error, no end yet) could leave stale.
export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_CACHED = 10_000;

/**
 * Raised by triggers (migration `session_invalidation`) on every update or delete of a live
 * `http_session` row (`{sessionId}`: logout, password change, user delete, any other process or psql)
 * and every update of an `app_user` row (`{userId}`: deletion, role change).
 */
export const sessionChanges = defineProcessChannel({
  name: 'annie_session_changed',
  payload: z.union([z.object({ sessionId: z.string() }), z.object({ userId: z.string() })]),
});

/**
 * The sessions' store in PostgreSQL (sessionMiddleware's), so sessions can be revoked and ids rotated.
 *
 * Reads are cached in the process (the hot path of every request), but only while `listen` holds the
 * live hub's LISTEN connection: every instance drops an entry as soon as PostgreSQL announces its row
 * changed. When that connection drops the cache is emptied and bypassed (every read goes to the
 * database) until the hub listens again; without `listen` (tests, the CLI) nothing is cached.
 */
export class PostgresSessionStore {
  readonly #pool: Pool;
  readonly #cache = new Map<string, { data: SessionData; until: number }>();
  #listening = false;
  // Bumped by every invalidation: a read that raced with one does not cache what it read.
  #epoch = 0;

  constructor(pool: Pool) {
    this.#pool = pool;
  }

  /** Caches sessions for as long as the hub delivers changes; returns the function that stops it. */
  async listen(hub: LiveHub): Promise<() => void> {
    const unlisten = await hub.listenProcessWide(sessionChanges, {
      event: (change) => {
        if ('sessionId' in change) this.#forget(change.sessionId);
        else this.#forgetUser(change.userId);
      },
      lost: () => this.#setListening(false),
      resync: () => this.#setListening(true),
      end: () => this.#setListening(false),
    });
    this.#setListening(true);
    return () => {
      unlisten();
      this.#setListening(false);
    };
  }

  /** The session as cached, when it is and still fresh; `get` asks the database otherwise. */
  cached(key: string): SessionData | undefined {
    const cached = this.#cache.get(key);
    return cached && cached.until > Date.now() ? cached.data : undefined;
  }

  async get(key: string): Promise<SessionData | undefined> {
    const cached = this.cached(key);
    if (cached) return cached;
    const epoch = this.#epoch;
    const row = await readSession(this.#pool, key);
    // Frozen: one object is handed to every request that reads the session while it is cached, so a
    // change must be a new value (which is also how sessionMiddleware tells a change).
    if (row) deepFreeze(row.data);
    if (row && this.#listening && epoch === this.#epoch) {
      if (this.#cache.size >= MAX_CACHED) this.#cache.clear();
      this.#cache.set(key, {
        data: row.data,
        until: Date.now() + Math.min(SESSION_CACHE_TTL_MS, Number(row.ms_left)),
      });
    } else this.#cache.delete(key);
    return row?.data;
  }

  /** Writes the session, kept for `ttlMs` from now. */
  async set(key: string, data: SessionData, ttlMs: number): Promise<void> {
    this.#forget(key);
    await writeSession(this.#pool, key, data, ttlMs);
  }

  async destroy(key: string): Promise<void> {
    this.#forget(key);
    await destroySession(this.#pool, key);
  }

  /** Removes expired rows; run on a schedule. */
  async purgeExpired(): Promise<number> {
    return purgeExpiredSessions(this.#pool);
  }

  #forget(key: string): void {
    this.#epoch += 1;
    this.#cache.delete(key);
  }

  #forgetUser(userId: string): void {
    this.#epoch += 1;
    for (const [key, entry] of this.#cache) if (entry.data.userId === userId) this.#cache.delete(key);
    forgetSessionUser(userId);
  }

  #setListening(listening: boolean): void {
    this.#epoch += 1;
    this.#cache.clear();
    this.#listening = listening;
  }
}

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
}
