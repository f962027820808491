import { beforeEach, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestClient } from '../../../test/test-client.ts';
import { setPassword } from '../users/index.ts';

// Default limits: 5 per account+address, 20 per account, 50 per address, over 15 minutes. Behind a
// proxy so each test speaks from its own address and the per-address limit of one does not reach the next.
const app = await startTestApp({ TRUST_PROXY: 'true' });

let address = '';
const login = (client: TestClient, username: string, password: string) =>
  client.post('/api/login', { username, password }, { headers: { 'X-Forwarded-For': address } });

let test = 0;
beforeEach(() => {
  test += 1;
  address = `192.0.2.${test}`;
});

/** The owner's usual browser: signed in once (so it holds a device cookie), then signed out. */
async function knownBrowserOf(user: { username: string; password: string }): Promise<TestClient> {
  const browser = app.client();
  expect((await login(browser, user.username, user.password)).status).toBe(200);
  expect(browser.cookieHeader).toMatch(/annie\.device=/);
  await browser.post('/api/logout');
  return browser;
}

describe('the device cookie', () => {
  it('21 wrong logins from a stranger lock unknown browsers out, but the owner’s known browser still signs in', async () => {
    const owner = await app.createUser();
    const usual = await knownBrowserOf(owner);
    const stranger = app.client();
    for (let guess = 0; guess < 21; guess += 1) await login(stranger, owner.username, `guess-${guess}`);
    expect((await login(app.client(), owner.username, owner.password)).status).toBe(429);
    expect((await login(usual, owner.username, owner.password)).status).toBe(200);
  });

  it('gives a known browser its own small allowance: 5 wrong passwords there, and it waits like anyone', async () => {
    const owner = await app.createUser();
    const usual = await knownBrowserOf(owner);
    for (let typo = 0; typo < 5; typo += 1)
      expect((await login(usual, owner.username, 'typo')).status).toBe(401);
    expect((await login(usual, owner.username, owner.password)).status).toBe(429);
    // Its mistakes are its own: another browser is not held back by them.
    expect((await login(app.client(), owner.username, owner.password)).status).toBe(200);
  });

  it('counts only for the account it was earned for: a stranger’s own device cookie does not lift the owner’s lockout', async () => {
    const owner = await app.createUser();
    const attacker = await app.createUser();
    const attackerBrowser = await knownBrowserOf(attacker);
    for (let guess = 0; guess < 21; guess += 1)
      await login(attackerBrowser, owner.username, `guess-${guess}`);
    expect((await login(attackerBrowser, owner.username, owner.password)).status).toBe(429);
  });

  it('is ignored when forged: a device cookie without a valid signature is an unknown browser', async () => {
    const owner = await app.createUser();
    const usual = await knownBrowserOf(owner);
    const stranger = app.client();
    for (let guess = 0; guess < 21; guess += 1) await login(stranger, owner.username, `guess-${guess}`);
    const device = usual.cookieHeader.match(/annie\.device=([^;]+)/)?.[1] ?? 'missing';
    const forged = await app.client().post(
      '/api/login',
      { username: owner.username, password: owner.password },
      {
        headers: {
          Cookie: `annie.device=${device}; annie.device.sig=not-the-signature`,
          'X-Forwarded-For': address,
        },
      },
    );
    expect(forged.status).toBe(429);
  });

  it('is long-lived and HttpOnly', async () => {
    const owner = await app.createUser();
    const answer = await login(app.client(), owner.username, owner.password);
    const cookie = answer.headers.getSetCookie().find((value) => value.startsWith('annie.device='));
    expect(cookie).toMatch(/;\s*httponly/i);
    const expires = Date.parse(cookie?.match(/expires=([^;]+)/i)?.[1] ?? '');
    expect(expires - Date.now()).toBeGreaterThan(90 * 24 * 60 * 60 * 1000);
  });
});

describe('the device cookie and a password reset', () => {
  it('is worth nothing after the password changes: with the account locked, the old known browser waits too', async () => {
    const owner = await app.createUser();
    const usual = await knownBrowserOf(owner);
    await setPassword(app.orm.em.fork(), owner.username, 'a-brand-new-password');
    const stranger = app.client();
    for (let guess = 0; guess < 21; guess += 1) await login(stranger, owner.username, `guess-${guess}`);
    expect((await login(usual, owner.username, 'a-brand-new-password')).status).toBe(429);
  });

  it('a new sign-in with the new password makes the browser known again', async () => {
    const owner = await app.createUser();
    await setPassword(app.orm.em.fork(), owner.username, 'a-brand-new-password');
    const usual = await knownBrowserOf({ username: owner.username, password: 'a-brand-new-password' });
    const stranger = app.client();
    for (let guess = 0; guess < 21; guess += 1) await login(stranger, owner.username, `guess-${guess}`);
    expect((await login(usual, owner.username, 'a-brand-new-password')).status).toBe(200);
  });
});

describe('an IPv6 client', () => {
  it('is counted by its /64: five wrong passwords from five addresses of one /64 reach the per-address limit', async () => {
    const owner = await app.createUser();
    for (let host = 1; host <= 5; host += 1) {
      const answer = await app
        .client()
        .post(
          '/api/login',
          { username: owner.username, password: 'wrong' },
          { headers: { 'X-Forwarded-For': `2001:db8:48:${test}::${host.toString(16)}` } },
        );
      expect(answer.status).toBe(401);
    }
    const sameNetwork = await app
      .client()
      .post(
        '/api/login',
        { username: owner.username, password: owner.password },
        { headers: { 'X-Forwarded-For': `2001:db8:48:${test}:beef::1` } },
      );
    expect(sameNetwork.status).toBe(429);
    const otherNetwork = await app
      .client()
      .post(
        '/api/login',
        { username: owner.username, password: owner.password },
        { headers: { 'X-Forwarded-For': `2001:db8:49:${test}::1` } },
      );
    expect(otherNetwork.status).toBe(200);
  });
});
