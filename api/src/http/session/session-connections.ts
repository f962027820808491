import type { Logger } from 'pino';
import type { Pool } from '../../db/pool.ts';
import type { LiveHub } from '../../live/live-hub.ts';
import { validSessions } from './session.queries.ts';
import { sessionChanges } from './session-store.ts';

/** A long-lived connection opened under a session: an event stream, a test socket. */
export type SessionConnection = {
  sessionId: string;
  userId: string;
  /** Opened through an admin-only route: ends when the user is no longer an admin. */
  adminOnly: boolean;
  /** Ends the connection now; called once. */
  close: () => void;
};

type ValidRow = { id: string; is_admin: boolean };

/** setTimeout's longest delay; a later expiry is checked again at that point. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Ends open connections as soon as the session they were opened under stops being valid: signed out,
 * password changed (both end the session row), user deleted or demoted from admin (the `app_user`
 * row changed), or the session's time ran out. It listens to the session triggers' NOTIFY on the live
 * hub while any connection is open, and checks the affected connections against the database (a
 * renewal also announces the session, and leaves it valid). After the listener was lost and is back,
 * every connection is checked, since changes may have been missed.
 */
export class SessionConnections {
  readonly #pool: Pool;
  readonly #hub: LiveHub;
  readonly #logger: Logger;
  readonly #open = new Map<SessionConnection, NodeJS.Timeout | undefined>();
  #listening: Promise<() => void> | undefined;

  constructor(pool: Pool, hub: LiveHub, logger: Logger) {
    this.#pool = pool;
    this.#hub = hub;
    this.#logger = logger;
  }

  /** How many connections are watched. */
  get size(): number {
    return this.#open.size;
  }

  /**
   * Watches `connection` until the returned function is called (the connection ended by itself).
   * Resolves once changes are being listened to and the session was checked once (a sign-out that
   * raced with opening is not missed).
   */
  async track(connection: SessionConnection): Promise<() => void> {
    this.#open.set(connection, undefined);
    const untrack = () => this.#untrack(connection);
    try {
      this.#listening ??= this.#listen();
      await this.#listening;
    } catch (error) {
      this.#listening = undefined;
      untrack();
      throw error;
    }
    await this.#check([connection]);
    return untrack;
  }

  #listen(): Promise<() => void> {
    return this.#hub.listenProcessWide(sessionChanges, {
      event: (change) => {
        const affected = [...this.#open.keys()].filter((connection) =>
          'sessionId' in change
            ? connection.sessionId === change.sessionId
            : connection.userId === change.userId,
        );
        if (affected.length > 0) void this.#check(affected);
      },
      lost: () => {},
      resync: () => void this.#check([...this.#open.keys()]),
      end: () => {
        this.#listening = undefined;
      },
    });
  }

  #untrack(connection: SessionConnection): void {
    if (!this.#open.has(connection)) return;
    clearTimeout(this.#open.get(connection));
    this.#open.delete(connection);
    if (this.#open.size > 0 || !this.#listening) return;
    const listening = this.#listening;
    this.#listening = undefined;
    void listening.then((unlisten) => unlisten()).catch(() => {});
  }

  /** Ends the connections whose session or user is no longer valid; the others are checked again when their session expires. */
  async #check(connections: SessionConnection[]): Promise<void> {
    const sessionIds = [...new Set(connections.map((connection) => connection.sessionId))];
    let rows: (ValidRow & { ms_left: number })[];
    try {
      rows = await validSessions(this.#pool, sessionIds);
    } catch (error) {
      // Unknown is not revoked: the next change or resync checks again.
      this.#logger.warn({ err: error }, 'open connections: could not check their sessions');
      return;
    }
    const valid = new Map(rows.map((row) => [row.id, row]));
    for (const connection of connections) {
      if (!this.#open.has(connection)) continue;
      const row = valid.get(connection.sessionId);
      if (!row || (connection.adminOnly && !row.is_admin)) {
        this.#untrack(connection);
        connection.close();
        continue;
      }
      clearTimeout(this.#open.get(connection));
      const timer = setTimeout(
        () => void this.#check([connection]),
        Math.min(Number(row.ms_left) + 50, MAX_TIMER_MS),
      );
      timer.unref();
      this.#open.set(connection, timer);
    }
  }
}
