import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';

// Default limits (5 per username+address) and the default TRUST_PROXY (off).
const app = await startTestApp();
// Behind one proxy, with a per-account limit small enough to reach from a handful of addresses.
const proxied = await startTestApp({ TRUST_PROXY: 'true', LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: '8' });

const wrong = (username: string) => ({ username, password: 'not-the-password' });

describe('login limits', () => {
  it('checks at most 5 of 20 parallel wrong passwords for one user; the rest are refused with 429 unchecked', async () => {
    const target = await app.createUser();
    const client = app.client();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => client.post('/api/login', wrong(target.username))),
    );
    const statuses = answers.map((answer) => answer.status);
    // A 401 is a password that was checked; a 429 one that never reached argon2.
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });

  it('gives a successful attempt back, so the right password still works after a few mistakes', async () => {
    const user = await app.createUser();
    const client = app.client();
    for (let round = 0; round < 3; round += 1) {
      for (let miss = 0; miss < 4; miss += 1)
        expect((await client.post('/api/login', wrong(user.username))).status).toBe(401);
      expect(
        (await client.post('/api/login', { username: user.username, password: user.password })).status,
      ).toBe(200);
    }
  });

  it('ignores a forged X-Forwarded-For with the default TRUST_PROXY: every guess counts against the real address', async () => {
    const target = await app.createUser();
    const client = app.client();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await client.post('/api/login', wrong(target.username), {
        headers: { 'X-Forwarded-For': `198.51.100.${attempt + 1}` },
      });
      expect(answer.status).toBe(401);
    }
    const next = await client.post('/api/login', wrong(target.username), {
      headers: { 'X-Forwarded-For': '198.51.100.99' },
    });
    expect(next.status).toBe(429);
  });

  it('behind one proxy, reads only the right-most X-Forwarded-For entry: a chosen left-most one does not reset the count', async () => {
    const target = await proxied.createUser();
    const client = proxied.client();
    const via = (clientChosen: string, proxySeen: string) => ({
      headers: { 'X-Forwarded-For': `${clientChosen}, ${proxySeen}` },
    });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await client.post(
        '/api/login',
        wrong(target.username),
        via(`192.0.2.${attempt}`, '203.0.113.5'),
      );
      expect(answer.status).toBe(401);
    }
    const limited = await client.post('/api/login', wrong(target.username), via('192.0.2.77', '203.0.113.5'));
    expect(limited.status).toBe(429);
    const otherAddress = await client.post(
      '/api/login',
      wrong(target.username),
      via('192.0.2.77', '203.0.113.6'),
    );
    expect(otherAddress.status).toBe(401);
  });

  it('limits guesses at one account spread over many addresses', async () => {
    const target = await proxied.createUser();
    const client = proxied.client();
    for (let address = 1; address <= 8; address += 1) {
      const answer = await client.post('/api/login', wrong(target.username), {
        headers: { 'X-Forwarded-For': `203.0.113.${100 + address}` },
      });
      expect(answer.status).toBe(401);
    }
    const limited = await client.post(
      '/api/login',
      { username: target.username, password: target.password },
      { headers: { 'X-Forwarded-For': '203.0.113.200' } },
    );
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
