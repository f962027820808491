import { createHash, randomBytes } from 'node:crypto';
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
 *
 * It is also bound to the password's epoch (a digest of the current password hash, which a new password
 * replaces with a fresh salt): after a reset, a cookie a thief earned with the old password is worth nothing.
 */
export function passwordCheckSource(
  ctx: Koa.Context,
  username: string,
  passwordHash: string | undefined,
): AttemptSource {
  const device = deviceOf(ctx);
  const known =
    device &&
    passwordHash !== undefined &&
    device.account === accountKey(username) &&
    device.epoch === passwordEpoch(passwordHash);
  return known ? { ip: ctx.ip, knownDevice: device.id } : { ip: ctx.ip };
}

/** Marks this browser as known for the account and its current password (keeping its device id when it was). */
export function rememberDevice(ctx: Koa.Context, username: string, passwordHash: string): void {
  const account = accountKey(username);
  const existing = deviceOf(ctx);
  const id = existing?.account === account ? existing.id : randomBytes(16).toString('base64url');
  const value = `${Buffer.from(account).toString('base64url')}.${passwordEpoch(passwordHash)}.${id}`;
  ctx.cookies.set(DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    signed: true,
    secure: ctx.secure,
    overwrite: true,
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60 * 1000,
  });
}

/** Which password a cookie was earned with: a digest of its salted hash, so it says nothing of the password. */
function passwordEpoch(passwordHash: string): string {
  return createHash('sha256').update(passwordHash).digest('base64url').slice(0, 16);
}

function deviceOf(ctx: Koa.Context): { account: string; epoch: string; id: string } | undefined {
  const value = ctx.cookies.get(DEVICE_COOKIE, { signed: true });
  // A cookie from before epochs (two parts) no longer counts: the browser earns a new one at its next sign-in.
  const [account, epoch, id, ...rest] = value?.split('.') ?? [];
  if (!account || !epoch || !id || rest.length > 0) return undefined;
  return { account: Buffer.from(account, 'base64url').toString(), epoch, id };
}
