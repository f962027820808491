import { describe, expect, it } from 'vitest';
import { annieWith } from '../../../test/annie-cli.ts';
import { startTestApp } from '../../../test/test-app.ts';
import { ensureFirstAdmin } from './first-admin.ts';

const app = await startTestApp();

const annie = annieWith({ DATABASE_URL: app.databaseUrl });

describe('first start', () => {
  it('creates the admin `admin` once, printing a generated password that signs in', async () => {
    const printed: string[] = [];
    await ensureFirstAdmin(app.orm.em.fork(), undefined, (line) => printed.push(line));
    await ensureFirstAdmin(app.orm.em.fork(), undefined, (line) => printed.push(line));
    expect(printed).toHaveLength(1);
    const password = printed[0]?.match(/password: (\S+)/)?.[1] ?? '';
    const login = await app.client().post('/api/login', { username: 'admin', password });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ username: 'admin', isAdmin: true, tenantId: 'default' });
  });
});

describe('operator commands', () => {
  it('user:create makes a user who can sign in, and refuses a duplicate', async () => {
    const created = annie(
      'user:create',
      '--username',
      'morgan',
      '--password',
      'morgan-pass-1',
      '--email',
      'm@example.test',
      '--tenant',
      'acme',
    );
    expect(created.status).toBe(0);
    expect(created.stdout).toContain('Created user morgan in tenant acme');
    const login = await app.client().post('/api/login', { username: 'morgan', password: 'morgan-pass-1' });
    expect(login.body).toMatchObject({
      username: 'morgan',
      email: 'm@example.test',
      isAdmin: false,
      tenantId: 'acme',
    });
    const duplicate = annie(
      'user:create',
      '--username',
      'Morgan',
      '--password',
      'another-pass',
      '--tenant',
      'acme',
    );
    expect(duplicate.status).toBe(1);
    expect(duplicate.stderr).toContain('already exists');
  });

  it('user:password changes the password and ends the sessions', async () => {
    annie('user:create', '--username', 'sasha', '--password', 'first-pass-1', '--tenant', 'default');
    const client = app.client();
    await client.post('/api/login', { username: 'sasha', password: 'first-pass-1' });
    const changed = annie('user:password', '--username', 'sasha', '--password', 'second-pass-2');
    expect(changed.status).toBe(0);
    expect((await client.get('/api/auth/user')).status).toBe(401);
    expect(
      (await app.client().post('/api/login', { username: 'sasha', password: 'second-pass-2' })).status,
    ).toBe(200);
  });

  it('user:list prints tenant, username, email and role; bad usage exits 2', async () => {
    annie(
      'user:create',
      '--username',
      'quinn',
      '--password',
      'quinn-pass-1',
      '--admin',
      '--tenant',
      'default',
    );
    const listed = annie('user:list');
    expect(listed.stdout).toMatch(/default\tquinn\t-\tadmin/);
    expect(annie('user:create', '--username', 'x').status).toBe(2);
    expect(annie('user:delete-everything').status).toBe(2);
  });
});
