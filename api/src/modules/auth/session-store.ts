import type { Pool } from '../../db/pool.ts';

export type SessionData = { userId?: string; tenantId?: string; [key: string]: unknown };

const CACHE_TTL_MS = 5_000;

/**
 * koa-session's external store in PostgreSQL, so sessions can be revoked and ids rotated.
 * Reads are cached for a few seconds (the hot path of every request); set and destroy clear the
 * cache entry, so logout takes effect at once on this process.
 */
export class PostgresSessionStore {
  readonly #pool: Pool;
  readonly #cache = new Map<string, { data: SessionData; until: number }>();

  constructor(pool: Pool) {
    this.#pool = pool;
  }

  async get(key: string): Promise<SessionData | undefined> {
    const cached = this.#cache.get(key);
    if (cached && cached.until > Date.now()) return cached.data;
    const { rows } = await this.#pool.query<{ data: SessionData }>(
      'select data from http_session where id = $1 and expires_at > now()',
      [key],
    );
    const data = rows[0]?.data;
    if (data) this.#cache.set(key, { data, until: Date.now() + CACHE_TTL_MS });
    else this.#cache.delete(key);
    return data;
  }

  async set(key: string, data: SessionData, maxAge: number | 'session'): Promise<void> {
    const ttlMs = typeof maxAge === 'number' ? maxAge : 24 * 60 * 60 * 1000;
    this.#cache.delete(key);
    await this.#pool.query(
      `insert into http_session (id, user_id, data, expires_at)
       values ($1, $2, $3, now() + make_interval(secs => $4))
       on conflict (id) do update set user_id = excluded.user_id, data = excluded.data, expires_at = excluded.expires_at`,
      [key, data.userId ?? null, JSON.stringify(data), ttlMs / 1000],
    );
  }

  async destroy(key: string): Promise<void> {
    this.#cache.delete(key);
    await this.#pool.query('delete from http_session where id = $1', [key]);
  }

  /** Removes expired rows; run on a schedule. */
  async purgeExpired(): Promise<number> {
    const result = await this.#pool.query('delete from http_session where expires_at <= now()');
    return result.rowCount ?? 0;
  }
}
