import type { SessionData } from './session-store.ts';

declare module 'koa' {
  interface DefaultContext {
    /** The request's session (see sessionMiddleware); `null` once ended. */
    session: Session | null;
  }
}

/** What a request's session began as, and what its end has to do; kept by sessionMiddleware. */
export type SessionOrigin = {
  /** The stored session's id; '' when it is not stored (yet), or no longer (regenerated). */
  id: string;
  /** The stored data it began with (frozen by the store): a change is what differs from it. */
  loaded: SessionData | undefined;
  /** When the stored session expires (ms since the epoch); 0 when none is stored. */
  expiresAt: number;
  /** Ends the stored session (its row); called by `regenerate`. */
  end: (id: string) => Promise<void>;
  /** Saved at the request's end whatever else happened: the id was regenerated. */
  regenerated: boolean;
};

/**
 * `ctx.session`: the session's data as its own properties (what is stored; the store's `_`-prefixed
 * bookkeeping is left out) and `regenerate()`. `ctx.session = null` ends the session.
 */
export class Session {
  [key: string]: unknown;
  declare userId?: string;
  declare tenantId?: string;
  readonly #origin: SessionOrigin;

  constructor(origin: SessionOrigin, data?: SessionData) {
    this.#origin = origin;
    if (data) for (const key in data) if (key[0] !== '_') this[key] = data[key];
  }

  /**
   * Whether the data differs from what the session began with. Values are compared by identity: the
   * stored ones are frozen, so any change is a new value (or a key added or removed).
   */
  static changed(session: Session): boolean {
    const loaded = session.#origin.loaded;
    let keys = 0;
    for (const key in session) {
      if (session[key] !== loaded?.[key]) return true;
      keys += 1;
    }
    if (loaded) for (const key in loaded) if (key[0] !== '_') keys -= 1;
    return keys !== 0;
  }

  /** The stored session's id; '' when it is not stored (yet), or no longer. */
  static idOf(session: Session | null): string {
    return session ? session.#origin.id : '';
  }

  /** Ends the stored session now and saves this one under a new id at the request's end (sign-in: no fixation). */
  async regenerate(): Promise<void> {
    const origin = this.#origin;
    if (origin.id) await origin.end(origin.id);
    origin.id = '';
    origin.regenerated = true;
  }
}
