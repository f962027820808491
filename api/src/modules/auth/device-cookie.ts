import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import { type AttemptSource, accountKey } from './password-attempt-limiter.ts';

export const DEVICE_COOKIE = 'annie.device';

// Long enough that a browser used now and then stays known; a signed-in session is still needed for anything.
const DEVICE_COOKIE_DAYS = 180;

/**
 * The device cookie: set on a successful sign-in, signed with the session keys, naming the account it
 * was earned for and a random device id. It proves nothing about who is at the keyboard — a password is
 * still checked every time — it only tells the limiter that this browser signed in to this account
 * before, so it gets its own allowance instead of the account's, which strangers can exhaust.
 */
export function passwordCheckSource(ctx: Koa.Context, username: string): AttemptSource {
  const device = deviceOf(ctx);
  if (device && device.account === accountKey(username)) return { ip: ctx.ip, knownDevice: device.id };
  return { ip: ctx.ip };
}

/** Marks this browser as known for the account (keeping its device id when it already was). */
export function rememberDevice(ctx: Koa.Context, username: string): void {
  const account = accountKey(username);
  const existing = deviceOf(ctx);
  const id = existing?.account === account ? existing.id : randomBytes(16).toString('base64url');
  ctx.cookies.set(DEVICE_COOKIE, `${Buffer.from(account).toString('base64url')}.${id}`, {
    httpOnly: true,
    sameSite: 'lax',
    signed: true,
    secure: ctx.secure,
    overwrite: true,
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60 * 1000,
  });
}

function deviceOf(ctx: Koa.Context): { account: string; id: string } | undefined {
  const value = ctx.cookies.get(DEVICE_COOKIE, { signed: true });
  const [account, id, ...rest] = value?.split('.') ?? [];
  if (!account || !id || rest.length > 0) return undefined;
  return { account: Buffer.from(account, 'base64url').toString(), id };
}
