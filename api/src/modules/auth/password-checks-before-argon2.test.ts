import { phoneAccessSchema } from '@annie/contracts/trust';
import { describe, expect, it, vi } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';

// Counts every argon2 verification the app runs: a guess refused by the limiter must never reach one.
const argon2 = vi.hoisted(() => ({ verifications: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      argon2.verifications += 1;
      return real.verify(...args);
    },
  };
});

// Default limits: 5 checks per account and address.
const app = await startTestApp();

/** How many argon2 verifications `run` caused. */
async function verificationsDuring(run: () => Promise<unknown>): Promise<number> {
  const before = argon2.verifications;
  await run();
  return argon2.verifications - before;
}

describe('a password attempt is taken before argon2 runs', () => {
  it('20 parallel wrong passwords at sign-in run argon2 exactly 5 times', async () => {
    const target = await app.createUser();
    const client = app.client();
    let statuses: number[] = [];
    const runs = await verificationsDuring(async () => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          client.post('/api/login', { username: target.username, password: 'not-the-password' }),
        ),
      );
      statuses = answers.map((answer) => answer.status);
    });
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    expect(runs).toBe(5);
  });

  it('the right password for the phone passcode, once the account is limited, changes nothing and runs no argon2', async () => {
    const user = await app.createUser();
    const client = await app.signedIn(user);
    const setPasscode = (currentPassword: string) =>
      client.put('/api/me/phone-access', { numbers: [], passcode: '4815162342', currentPassword });
    // Wrong passwords at the sign-in form in this same browser use up the account's checks here too.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const refused = await client.post('/api/login', { username: user.username, password: 'not-it' });
      expect(refused.status).toBe(401);
    }
    let status = 0;
    const runs = await verificationsDuring(async () => {
      status = (await setPasscode(user.password)).status;
    });
    expect(status).toBe(429);
    expect(phoneAccessSchema.parse((await client.get('/api/me/phone-access')).body).passcodeSet).toBe(false);
    expect(runs).toBe(0);
  });
});
