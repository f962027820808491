import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';

// Default limits: 5 per account+address, 20 per account, 50 per address, over 15 minutes.
const app = await startTestApp();
// Behind one proxy, so a test can speak from several addresses; a per-account limit reachable from a few.
const proxied = await startTestApp({ TRUST_PROXY: 'true', LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: '8' });

const passcodeChange = (currentPassword: string) => ({ numbers: [], passcode: '482913', currentPassword });

describe('the current password asked by PUT /api/me/phone-access', () => {
  it('is limited like a sign-in: of 15 wrong guesses in a row, 5 are checked and the rest refused with 429', async () => {
    const user = await app.createUser();
    const thief = await app.signedIn(user);
    const statuses: number[] = [];
    for (let guess = 0; guess < 15; guess += 1)
      statuses.push((await thief.put('/api/me/phone-access', passcodeChange(`guess-${guess}`))).status);
    expect(statuses.slice(0, 5)).toEqual([403, 403, 403, 403, 403]);
    expect(statuses.slice(5)).toEqual(Array(10).fill(429));
    // The real password is refused too while the limit holds: a 429 tells nothing about the guess.
    const right = await thief.put('/api/me/phone-access', passcodeChange(user.password));
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('takes the attempt before argon2: of 20 parallel wrong guesses only 5 are checked', async () => {
    const user = await app.createUser();
    const thief = await app.signedIn(user);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, guess) =>
        thief.put('/api/me/phone-access', passcodeChange(`g${guess}`)),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    // A 403 is a password that argon2 checked; a 429 one that never reached it.
    expect(statuses.filter((status) => status === 403)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });

  it('gives a right password its attempt back, so a few typos do not add up', async () => {
    const user = await app.createUser();
    const client = await app.signedIn(user);
    for (let round = 0; round < 3; round += 1) {
      for (let typo = 0; typo < 4; typo += 1)
        expect((await client.put('/api/me/phone-access', passcodeChange('typo'))).status).toBe(403);
      expect((await client.put('/api/me/phone-access', passcodeChange(user.password))).status).toBe(200);
    }
  });

  it('shares the account allowance with sign-in: a stolen session guessing from many addresses locks the login form for unknown browsers', async () => {
    const user = await proxied.createUser();
    const victim = await proxied.signedIn(user);
    // The session cookie alone, replayed elsewhere: the victim's device cookie stays with the victim.
    const sessionOnly = victim.cookieHeader
      .split('; ')
      .filter((cookie) => cookie.startsWith('annie.sid'))
      .join('; ');
    for (let address = 1; address <= 8; address += 1) {
      const answer = await victim.put('/api/me/phone-access', passcodeChange('wrong'), {
        headers: { Cookie: sessionOnly, 'X-Forwarded-For': `203.0.113.${address}` },
      });
      expect(answer.status).toBe(403);
    }
    const login = await proxied
      .client()
      .post(
        '/api/login',
        { username: user.username, password: user.password },
        { headers: { 'X-Forwarded-For': '198.51.100.50' } },
      );
    expect(login.status).toBe(429);
  });
});

describe('a password sent to phone access is always checked before anything resets or changes', () => {
  it('5 wrong passwords, then a request with the password alone, then a sixth wrong one: 429', async () => {
    const user = await app.createUser();
    const thief = await app.signedIn(user);
    for (let guess = 0; guess < 5; guess += 1)
      expect((await thief.put('/api/me/phone-access', passcodeChange(`guess-${guess}`))).status).toBe(403);
    // Carrying only a password used to skip the check and give the attempts back.
    const passwordAlone = await thief.put('/api/me/phone-access', {
      numbers: [],
      currentPassword: 'guess-5',
    });
    expect(passwordAlone.status).toBe(429);
    expect((await thief.put('/api/me/phone-access', passcodeChange('guess-6'))).status).toBe(429);
  });

  it('a wrong password sent alone is checked and counted like any other', async () => {
    const user = await app.createUser();
    const thief = await app.signedIn(user);
    const statuses: number[] = [];
    for (let guess = 0; guess < 6; guess += 1)
      statuses.push(
        (await thief.put('/api/me/phone-access', { numbers: [], currentPassword: `g${guess}` })).status,
      );
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429]);
  });

  it('the right password while the limit holds changes nothing: 429 and the passcode stays unset', async () => {
    const user = await app.createUser();
    const client = await app.signedIn(user);
    for (let guess = 0; guess < 5; guess += 1)
      expect((await client.put('/api/me/phone-access', passcodeChange(`guess-${guess}`))).status).toBe(403);
    const right = await client.put('/api/me/phone-access', {
      numbers: [],
      passcode: '482913',
      spokenPasscode: true,
      currentPassword: user.password,
    });
    expect(right.status).toBe(429);
    const access = (await client.get('/api/me/phone-access')).body;
    expect(access).toMatchObject({ passcodeSet: false, spokenPasscode: false });
  });

  it('clearing a passcode lockout shares the allowance: after 5 wrong passwords the right one is refused', async () => {
    const user = await app.createUser();
    const client = await app.signedIn(user);
    for (let guess = 0; guess < 5; guess += 1) {
      const wrong = await client.post('/api/me/phone-access/lockout/clear', { currentPassword: `g${guess}` });
      expect(wrong.status).toBe(403);
    }
    const right = await client.post('/api/me/phone-access/lockout/clear', { currentPassword: user.password });
    expect(right.status).toBe(429);
    expect((await client.put('/api/me/phone-access', passcodeChange(user.password))).status).toBe(429);
  });
});
