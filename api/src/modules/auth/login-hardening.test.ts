import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import { PasswordAttemptLimiter } from './password-attempt-limiter.ts';

const logLines: string[] = [];
const captured = pino(
  { level: 'info' },
  new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  }),
);
const app = await startTestApp(
  { LOGIN_MAX_ATTEMPTS_PER_USER: '100', LOGIN_MAX_ATTEMPTS_PER_IP: '4', TRUST_PROXY: 'true' },
  { logger: captured },
);

describe('login hardening', () => {
  it('rate limits failed logins per IP across usernames', async () => {
    const client = app.client();
    const fromIp = { headers: { 'X-Forwarded-For': '192.0.2.1' } };
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await client.post(
        '/api/login',
        { username: `someone${attempt}`, password: 'wrong-pass' },
        fromIp,
      );
      expect(response.status).toBe(401);
    }
    const limited = await client.post(
      '/api/login',
      { username: 'someone-else', password: 'wrong-pass' },
      fromIp,
    );
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    const otherIp = await client.post(
      '/api/login',
      { username: 'someone-else', password: 'wrong-pass' },
      { headers: { 'X-Forwarded-For': '203.0.113.9' } },
    );
    expect(otherIp.status).toBe(401);
  });

  it('marks the session cookie Secure when the request came over https', async () => {
    const user = await app.createUser();
    const response = await app
      .client()
      .post(
        '/api/login',
        { username: user.username, password: user.password },
        { headers: { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '198.51.100.7' } },
      );
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith('annie.sid='));
    expect(cookie).toMatch(/;\s*secure/i);
  });

  it('writes request logs without passwords, cookies or session ids', async () => {
    const user = await app.createUser();
    const client = await app.signedIn(user);
    await client.get('/api/auth/user');
    const sessionId = client.cookieHeader.match(/annie\.sid=([^;]+)/)?.[1] ?? 'missing';
    const log = logLines.join('');
    expect(log).toContain('"path":"/api/login"');
    expect(log).toContain('"path":"/api/auth/user"');
    expect(log).not.toContain(user.password);
    expect(log).not.toContain(sessionId);
    expect(log.toLowerCase()).not.toContain('cookie');
  });

  it('purges rate-limit counters whose window has passed', async () => {
    await app.pool.query("insert into login_rate_limit (key, points, expire) values ('old', 3, $1)", [
      Date.now() - 1000,
    ]);
    expect(await PasswordAttemptLimiter.purgeExpired(app.pool)).toBeGreaterThanOrEqual(1);
    const { rows } = await app.pool.query(
      "select count(*)::int as n from login_rate_limit where key = 'old'",
    );
    expect(rows[0].n).toBe(0);
  });
});
