import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import session from 'koa-session';
import type { PostgresSessionStore } from './session-store.ts';

export const SESSION_COOKIE = 'annie.sid';

/**
 * Cookie sessions backed by PostgreSQL. The cookie holds only a random, signed id; it is HttpOnly,
 * SameSite=Lax, and Secure whenever the request came over https (decided per request).
 */
export function sessionMiddleware(app: Koa, options: { store: PostgresSessionStore; ttlMs: number }) {
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
        get: (ctx: Koa.Context) => ctx.cookies.get(SESSION_COOKIE, { signed: true }) ?? '',
        set: (ctx: Koa.Context, value: string) => {
          if (value) ctx.cookies.set(SESSION_COOKIE, value, cookieOptions(ctx.secure));
          else ctx.cookies.set(SESSION_COOKIE, null, { ...cookieOptions(ctx.secure), maxAge: 0 });
        },
      },
    },
    app,
  );
}
