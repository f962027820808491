import { authUserSchema } from '@annie/contracts/auth';
import { USERNAME_MAX_LENGTH } from '@annie/contracts/auth-limits';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import { createUser } from '../users/user.service.ts';

const app = await startTestApp({ LOGIN_MAX_ATTEMPTS_PER_USER: '3', LOGIN_MAX_ATTEMPTS_PER_IP: '1000' });

describe('POST /api/login', () => {
  it('signs in with the right password and returns the user in the contract shape', async () => {
    const alice = await app.createUser({ email: 'alice@example.test' });
    const client = app.client();
    const response = await client.post('/api/login', { username: alice.username, password: alice.password });
    expect(response.status).toBe(200);
    expect(authUserSchema.parse(response.body)).toEqual({
      id: alice.user.id,
      username: alice.username,
      email: 'alice@example.test',
      isAdmin: false,
      tenantId: 'default',
    });
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith('annie.sid='));
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    expect(cookie).not.toMatch(/secure/i);
  });

  it('accepts the username in any case', async () => {
    const bob = await app.createUser();
    const response = await app
      .client()
      .post('/api/login', { username: bob.username.toUpperCase(), password: bob.password });
    expect(response.status).toBe(200);
  });

  it('answers 401 with the same message for a wrong password and for an unknown user', async () => {
    const carol = await app.createUser();
    const wrongPassword = await app
      .client()
      .post('/api/login', { username: carol.username, password: 'nope-nope' });
    const unknownUser = await app
      .client()
      .post('/api/login', { username: 'nobody-here', password: 'nope-nope' });
    expect(wrongPassword.status).toBe(401);
    expect(unknownUser.status).toBe(401);
    expect(wrongPassword.body).toEqual({ message: 'Invalid username or password', code: 'unauthorized' });
    expect(unknownUser.body).toEqual(wrongPassword.body);
  });

  it.each([
    [{ password: 'x' }, 'Username is required'],
    [{ username: 'x' }, 'Password is required'],
    [{ username: '', password: 'x' }, 'Username is required'],
  ])('answers 400 naming the missing field for %j', async (body, message) => {
    const response = await app.client().post('/api/login', body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message, code: 'validation_failed' });
  });

  it('refuses unknown fields so nothing can be mass-assigned', async () => {
    const response = await app.client().post('/api/login', { username: 'a', password: 'b', isAdmin: true });
    expect(response.status).toBe(400);
  });

  it(`answers 400 for a username over ${USERNAME_MAX_LENGTH} characters, before any lookup or login limit`, async () => {
    const longest = 'u'.repeat(USERNAME_MAX_LENGTH);
    // At the cap the request goes through (an unknown user: 401).
    expect((await app.client().post('/api/login', { username: longest, password: 'x' })).status).toBe(401);
    // Past it, every attempt is refused as invalid, never counted towards the 3 allowed (no 429).
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await app.client().post('/api/login', { username: `${longest}u`, password: 'x' });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        message: `Username must be at most ${USERNAME_MAX_LENGTH} characters`,
        code: 'validation_failed',
      });
    }
  });

  it('refuses to create a user whose username is over the cap', async () => {
    const input = { username: 'u'.repeat(USERNAME_MAX_LENGTH + 1), password: 'long-enough-password' };
    await expect(createUser(app.orm.em.fork(), input)).rejects.toMatchObject({
      status: 400,
      message: `Username must be at most ${USERNAME_MAX_LENGTH} characters`,
    });
  });

  it('refuses a session cookie whose signature does not match, also once the genuine pair was seen', async () => {
    const erin = await app.createUser();
    const client = await app.signedIn(erin);
    expect((await client.get('/api/auth/user')).status).toBe(200);
    const cookies = new Map(
      client.cookieHeader.split('; ').map((pair) => pair.split('=', 2) as [string, string]),
    );
    const id = cookies.get('annie.sid') ?? '';
    const signature = cookies.get('annie.sid.sig') ?? '';
    const forge = (value: string, sig: string) =>
      app.client().get('/api/auth/user', { headers: { Cookie: `annie.sid=${value}; annie.sid.sig=${sig}` } });
    expect((await forge(id, signature)).status).toBe(200);
    expect((await forge(id, `${signature.slice(0, -2)}xx`)).status).toBe(401);
    expect((await forge(`${id.slice(0, -2)}xx`, signature)).status).toBe(401);
    expect((await forge(id, '')).status).toBe(401);
  });

  it('rotates the session id on login (no session fixation)', async () => {
    const dave = await app.createUser();
    const client = await app.signedIn(dave);
    const firstCookie = client.cookieHeader;
    await client.post('/api/login', { username: dave.username, password: dave.password });
    expect(client.cookieHeader).not.toEqual(firstCookie);
    const old = await app.client().get('/api/auth/user', { headers: { Cookie: firstCookie } });
    expect(old.status).toBe(401);
    const { rows } = await app.pool.query('select count(*)::int as n from http_session where user_id = $1', [
      dave.user.id,
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('rate limits failed logins per username with 429 and Retry-After, then refuses even the right password', async () => {
    const erin = await app.createUser();
    const client = app.client();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(
        (await client.post('/api/login', { username: erin.username, password: 'wrong-one' })).status,
      ).toBe(401);
    }
    const limited = await client.post('/api/login', { username: erin.username, password: erin.password });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body).toMatchObject({ code: 'rate_limited' });
  });

  it('clears the failure count after a successful login', async () => {
    const fay = await app.createUser();
    const client = app.client();
    await client.post('/api/login', { username: fay.username, password: 'wrong-one' });
    await client.post('/api/login', { username: fay.username, password: 'wrong-one' });
    expect((await client.post('/api/login', { username: fay.username, password: fay.password })).status).toBe(
      200,
    );
    await client.post('/api/login', { username: fay.username, password: 'wrong-one' });
    await client.post('/api/login', { username: fay.username, password: 'wrong-one' });
    expect((await client.post('/api/login', { username: fay.username, password: fay.password })).status).toBe(
      200,
    );
  });
});

describe('GET /api/auth/user and POST /api/logout', () => {
  it('answers 401 without a session', async () => {
    const response = await app.client().get('/api/auth/user');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Not authenticated', code: 'unauthorized' });
  });

  it('returns the signed-in user, even before the client knows its identity headers', async () => {
    const gus = await app.createUser({ isAdmin: true });
    const client = await app.signedIn(gus);
    const response = await client.get('/api/auth/user', {
      headers: { 'X-Tenant-Id': 'default', 'X-User-Id': 'test-user' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: gus.user.id, isAdmin: true });
  });

  it('destroys the session row on logout so the old cookie stops working', async () => {
    const hal = await app.createUser();
    const client = await app.signedIn(hal);
    const cookie = client.cookieHeader;
    const logout = await client.post('/api/logout');
    expect(logout.status).toBe(200);
    const { rows } = await app.pool.query('select count(*)::int as n from http_session where user_id = $1', [
      hal.user.id,
    ]);
    expect(rows[0].n).toBe(0);
    const replay = await app.client().get('/api/auth/user', { headers: { Cookie: cookie } });
    expect(replay.status).toBe(401);
  });
});

describe('identity headers are checked, never trusted', () => {
  it('answers 403 when X-Tenant-Id differs from the session', async () => {
    const ivy = await app.createUser({ isAdmin: true });
    const client = await app.signedIn(ivy);
    const response = await client.get('/api/voice/profiles', { headers: { 'X-Tenant-Id': 'other-tenant' } });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'forbidden' });
  });

  it('answers 403 when X-User-Id differs from the session', async () => {
    const jon = await app.createUser({ isAdmin: true });
    const client = await app.signedIn(jon);
    const response = await client.get('/api/voice/profiles', { headers: { 'X-User-Id': 'someone-else' } });
    expect(response.status).toBe(403);
  });

  it('lets matching headers through to the route', async () => {
    const kim = await app.createUser({ isAdmin: true });
    const client = await app.signedIn(kim);
    expect((await client.get('/api/voice/profiles')).status).toBe(200);
  });
});

describe('admin-only Voice Console API', () => {
  it('is refused to a regular user with 403', async () => {
    const lee = await app.createUser();
    const client = await app.signedIn(lee);
    const response = await client.get('/api/voice/profiles?agentId=default-agent');
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'Administrator access required', code: 'forbidden' });
    expect((await client.post('/api/voice/profiles/abc/make-default')).status).toBe(403);
  });

  it('is refused without a session with 401', async () => {
    expect((await app.client().get('/api/voice/profiles')).status).toBe(401);
  });
});
