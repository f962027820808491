import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { DEVICE_COOKIE, passwordCheckSource, rememberDevice } from './device-cookie.ts';

// The device cookie on its own, on a Koa context without a server: which source a password check is
// counted under, and what cookie a sign-in leaves.
const app = new Koa({ keys: ['device-cookie-test-key'], proxy: true });
const otherKeys = new Koa({ keys: ['another-key'] });

function contextOf(cookie = '', options: { https?: boolean; koa?: Koa } = {}): Koa.Context {
  const request = new IncomingMessage(new Socket());
  request.headers = {
    cookie,
    'x-forwarded-for': '203.0.113.9',
    ...(options.https ? { 'x-forwarded-proto': 'https' } : {}),
  };
  return (options.koa ?? app).createContext(request, new ServerResponse(request));
}

/** The Set-Cookie lines a context's response carries. */
const setCookies = (ctx: Koa.Context) => (ctx.res.getHeader('set-cookie') as string[] | undefined) ?? [];

/** The Cookie header a browser sends back after a response's Set-Cookie lines. */
const cookieHeaderAfter = (ctx: Koa.Context) =>
  setCookies(ctx)
    .map((line) => line.split(';')[0])
    .join('; ');

/** A browser that signed in to `username` with the password whose hash is `hash`: its next request. */
function browserAfterSignIn(username: string, hash: string, earlier = ''): Koa.Context {
  const signIn = contextOf(earlier);
  rememberDevice(signIn, username, hash);
  return contextOf(cookieHeaderAfter(signIn));
}

const deviceIdOf = (ctx: Koa.Context) => passwordCheckSource(ctx, 'alice', 'hash-1').knownDevice;

describe('passwordCheckSource', () => {
  it('counts a browser without a device cookie by its address alone', () => {
    expect(passwordCheckSource(contextOf(), 'alice', 'hash-1')).toEqual({ ip: '203.0.113.9' });
  });

  it('names the device of a browser that signed in to the account with the current password', () => {
    const source = passwordCheckSource(browserAfterSignIn('Alice', 'hash-1'), ' alice ', 'hash-1');
    expect(source.ip).toBe('203.0.113.9');
    expect(source.knownDevice).toMatch(/^[\w-]{22}$/);
  });

  it('does not know the browser for another account, another password, or an account without one', () => {
    const browser = browserAfterSignIn('alice', 'hash-1');
    expect(passwordCheckSource(browser, 'bob', 'hash-1')).toEqual({ ip: '203.0.113.9' });
    expect(passwordCheckSource(browser, 'alice', 'hash-2')).toEqual({ ip: '203.0.113.9' });
    expect(passwordCheckSource(browser, 'alice', undefined)).toEqual({ ip: '203.0.113.9' });
  });

  it('refuses a cookie whose signature does not match, and one of the wrong shape', () => {
    const signIn = contextOf();
    rememberDevice(signIn, 'alice', 'hash-1');
    const header = cookieHeaderAfter(signIn);
    expect(deviceIdOf(contextOf(header))).toBeDefined();
    expect(deviceIdOf(contextOf(header, { koa: otherKeys }))).toBeUndefined();
    const value = header.split('; ')[0]?.split('=')[1] ?? '';
    const [account, epoch, id] = value.split('.');
    for (const forged of [
      `${account}.${epoch}`,
      `${account}.${epoch}.${id}.extra`,
      `.${epoch}.${id}`,
      `${account}..${id}`,
    ]) {
      const ctx = contextOf();
      ctx.cookies.set(DEVICE_COOKIE, forged, { signed: true });
      expect(deviceIdOf(contextOf(cookieHeaderAfter(ctx)))).toBeUndefined();
    }
  });
});

describe('rememberDevice', () => {
  it('sets a signed, http-only, lax cookie for 180 days, secure over https only', () => {
    const ctx = contextOf();
    const before = Date.now();
    rememberDevice(ctx, 'alice', 'hash-1');
    const [line = '', signature = ''] = setCookies(ctx);
    expect(line.startsWith(`${DEVICE_COOKIE}=`)).toBe(true);
    expect(signature.startsWith(`${DEVICE_COOKIE}.sig=`)).toBe(true);
    expect(line).toMatch(/; httponly/);
    expect(line).toMatch(/; samesite=lax/);
    expect(line).not.toMatch(/; secure/);
    const expires = Date.parse(/expires=([^;]+)/.exec(line)?.[1] ?? '');
    const days = (expires - before) / (24 * 60 * 60 * 1000);
    expect(days).toBeGreaterThan(179.99);
    expect(days).toBeLessThan(180.01);

    const overHttps = contextOf('', { https: true });
    rememberDevice(overHttps, 'alice', 'hash-1');
    expect(setCookies(overHttps)[0]).toMatch(/; secure/);
  });

  it('sets the cookie once per response, however often a sign-in asks', () => {
    const ctx = contextOf();
    rememberDevice(ctx, 'alice', 'hash-1');
    rememberDevice(ctx, 'alice', 'hash-2');
    expect(setCookies(ctx)).toHaveLength(2);
    expect(
      passwordCheckSource(contextOf(cookieHeaderAfter(ctx)), 'alice', 'hash-2').knownDevice,
    ).toBeDefined();
  });

  it('keeps the device id for the same account, even after a new password, and draws a new one for another account', () => {
    const first = browserAfterSignIn('alice', 'hash-1');
    const id = deviceIdOf(first);
    const again = browserAfterSignIn('ALICE', 'hash-2', first.get('cookie'));
    expect(passwordCheckSource(again, 'alice', 'hash-2').knownDevice).toBe(id);
    const other = browserAfterSignIn('bob', 'hash-1', first.get('cookie'));
    const bobId = passwordCheckSource(other, 'bob', 'hash-1').knownDevice;
    expect(bobId).toBeDefined();
    expect(bobId).not.toBe(id);
    // A cookie from before epochs (account and id only) earns a new device id, not a shared empty one.
    const legacy = contextOf();
    legacy.cookies.set(DEVICE_COOKIE, `${Buffer.from('alice').toString('base64url')}.old-device-id`, {
      signed: true,
    });
    const upgraded = browserAfterSignIn('alice', 'hash-1', cookieHeaderAfter(legacy));
    expect(deviceIdOf(upgraded)).toMatch(/^[\w-]{22}$/);
    // Two browsers signing in to one account are two devices.
    expect(deviceIdOf(browserAfterSignIn('alice', 'hash-1'))).not.toBe(id);
  });
});
