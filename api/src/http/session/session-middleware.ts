import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import { Session, type SessionOrigin } from './session.ts';
import type { PostgresSessionStore, SessionData } from './session-store.ts';

// Our own middleware rather than koa-session 7: less time per signed-in request on this store and
// signature cache (docs/benchmarks.md "Figures behind code choices"), and koa-session fails 3 of
// session-middleware.test.ts's 11.

export const SESSION_COOKIE = 'annie.sid';

const MAX_VERIFIED = 10_000;
// Session cookies whose signature was checked, signature → value. Checking is an HMAC per request (a
// measurable share of a small answer's cost); the pair's validity never changes while the key does
// not, so it is remembered. Only pairs that passed are kept, so nothing a client sends can fill it.
const verified = new Map<string, string>();

/**
 * The session id of the request's cookie when its signature is valid, else ''. With one signing key
 * (no rotation under way) a pair once verified is not checked again; with several, cookies.get also
 * re-signs a cookie signed by an older key, so every request goes through it.
 */
export function verifiedSessionId(ctx: Koa.Context, singleKey: boolean): string {
  const value = ctx.cookies.get(SESSION_COOKIE);
  const signature = ctx.cookies.get(`${SESSION_COOKIE}.sig`);
  if (!value || !signature) return '';
  if (singleKey && verified.get(signature) === value) return value;
  const checked = ctx.cookies.get(SESSION_COOKIE, { signed: true }) ?? '';
  if (singleKey && checked === value) {
    if (verified.size >= MAX_VERIFIED) verified.clear();
    verified.set(signature, value);
  }
  return checked;
}

type SessionOptions = {
  store: PostgresSessionStore;
  /** Idle lifetime: renewed while the user is active. */
  ttlMs: number;
  /** Absolute lifetime from sign-in: never renewed past it. */
  absoluteMs: number;
  singleKey: boolean;
};

/**
 * Cookie sessions backed by PostgreSQL (`ctx.session`, see session.ts). The cookie holds only a random,
 * signed id; it is HttpOnly, SameSite=Lax, and Secure whenever the request came over https.
 *
 * A session is written only when it has to be: its data changed, it was regenerated, or less than half
 * its lifetime is left (renewed, so an active user stays signed in, but never past `absoluteMs` after
 * the session began: then it ends whatever the activity); otherwise a request reads it (from the
 * store's cache) and nothing more. `ctx.session = null` deletes the row and clears the cookie. The
 * end runs even when the request failed (requireAuth ends the session of a deleted user, then throws).
 */
export function sessionMiddleware(options: SessionOptions): Koa.Middleware {
  const { store, singleKey } = options;
  const end = (id: string) => store.destroy(id);
  return async function loadSession(ctx, next) {
    const id = verifiedSessionId(ctx, singleKey);
    const stored = id ? (store.cached(id) ?? (await store.get(id))) : undefined;
    const data = stored && !hasExpired(stored, options.absoluteMs) ? stored : undefined;
    const origin: SessionOrigin = {
      id: data ? id : '',
      loaded: data,
      expiresAt: data ? Number(data._expire) || 0 : 0,
      end,
      regenerated: false,
    };
    ctx.session = new Session(origin, data);
    try {
      await next();
    } finally {
      await saveOrEnd(ctx, origin, options);
    }
  };
}

async function saveOrEnd(ctx: Koa.Context, origin: SessionOrigin, options: SessionOptions): Promise<void> {
  const { store, ttlMs, absoluteMs } = options;
  const session = ctx.session;
  if (session === null) {
    if (origin.id) await store.destroy(origin.id);
    ctx.cookies.set(SESSION_COOKIE, null, cookieOptions(ctx, ttlMs));
    return;
  }
  const now = Date.now();
  // A new or regenerated session begins now; a row written before sessions had a start begins at its next write.
  const began = (!origin.regenerated && startOf(origin.loaded)) || now;
  const until = Math.min(now + ttlMs, began + absoluteMs);
  const renew = origin.id !== '' && origin.expiresAt - now < ttlMs / 2 && until > origin.expiresAt;
  if (!origin.regenerated && !Session.changed(session) && !renew) return;
  origin.id ||= randomBytes(24).toString('base64url');
  const maxAge = until - now;
  // `_expire`/`_maxAge` as koa-session stored them, so rows written before and after read the same.
  const record: SessionData = { ...session, _expire: until, _maxAge: maxAge, _began: began };
  // The row outlives the cookie by a little, so a cookie never points at a row already purged.
  await store.set(origin.id, record, maxAge + 10_000);
  ctx.cookies.set(SESSION_COOKIE, origin.id, cookieOptions(ctx, maxAge));
}

/** When the session began (ms since the epoch), for rows that record it. */
function startOf(data: SessionData | undefined): number | undefined {
  return typeof data?._began === 'number' ? data._began : undefined;
}

function hasExpired(data: SessionData, absoluteMs: number): boolean {
  const now = Date.now();
  if (typeof data._expire === 'number' && data._expire < now) return true;
  const began = startOf(data);
  return began !== undefined && began + absoluteMs < now;
}

function cookieOptions(ctx: Koa.Context, ttlMs: number) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    signed: true,
    secure: ctx.secure,
    overwrite: true,
    maxAge: ttlMs,
  };
}
