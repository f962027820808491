import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import session from 'koa-session';
import type { PostgresSessionStore } from './session-store.ts';

export const SESSION_COOKIE = 'annie.sid';

const MAX_VERIFIED = 10_000;
// Session cookies whose signature was checked: `${value}.${signature}`. Checking is an HMAC per request
// (a measurable share of a small answer's cost); the pair's validity never changes while the key does
// not, so it is remembered. Only pairs that passed are kept, so nothing a client sends can fill it.
const verified = new Set<string>();

/**
 * The session id of the request's cookie when its signature is valid, else ''. With one signing key
 * (no rotation under way) a pair once verified is not checked again; with several, cookies.get also
 * re-signs a cookie signed by an older key, so every request goes through it.
 */
export function verifiedSessionId(ctx: Koa.Context, singleKey: boolean): string {
  const value = ctx.cookies.get(SESSION_COOKIE);
  const signature = ctx.cookies.get(`${SESSION_COOKIE}.sig`);
  if (!value || !signature) return '';
  const pair = `${value}.${signature}`;
  if (singleKey && verified.has(pair)) return value;
  const checked = ctx.cookies.get(SESSION_COOKIE, { signed: true }) ?? '';
  if (singleKey && checked === value) {
    if (verified.size >= MAX_VERIFIED) verified.clear();
    verified.add(pair);
  }
  return checked;
}

/**
 * Cookie sessions backed by PostgreSQL. The cookie holds only a random, signed id; it is HttpOnly,
 * SameSite=Lax, and Secure whenever the request came over https (decided per request).
 */
export function sessionMiddleware(
  app: Koa,
  options: { store: PostgresSessionStore; ttlMs: number; singleKey: boolean },
) {
  const cookieOptions = (secure: boolean) => ({
    httpOnly: true,
    sameSite: 'lax' as const,
    signed: true,
    secure,
    overwrite: true,
    maxAge: options.ttlMs,
  });
  return session(
    {
      key: SESSION_COOKIE,
      maxAge: options.ttlMs,
      httpOnly: true,
      sameSite: 'lax',
      signed: true,
      rolling: false,
      renew: true,
      genid: () => randomBytes(24).toString('base64url'),
      store: options.store,
      externalKey: {
        get: (ctx: Koa.Context) => verifiedSessionId(ctx, options.singleKey),
        set: (ctx: Koa.Context, value: string) => {
          if (value) ctx.cookies.set(SESSION_COOKIE, value, cookieOptions(ctx.secure));
          else ctx.cookies.set(SESSION_COOKIE, null, { ...cookieOptions(ctx.secure), maxAge: 0 });
        },
      },
    },
    app,
  );
}
