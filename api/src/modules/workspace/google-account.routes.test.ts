import { FAKE_GOOGLE_ACCOUNT } from '@annie/fakes/google-fake';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/test-client.ts';
import { startWorkspaceTestApp } from './testing/workspace-test-app.ts';

// Alice's connection, tried by Carol (same tenant, other user) and Bob (other tenant): neither sees,
// switches, uses nor removes it.
const { app, fake, connect } = await startWorkspaceTestApp();
afterAll(() => fake.close());
let alice: TestClient;
let carol: TestClient;
let bob: TestClient;
let aliceAccounts: { id: string; email: string; isActive: boolean }[];

const SECOND_ACCOUNT = {
  ...FAKE_GOOGLE_ACCOUNT,
  sub: '108000000000000000002',
  email: 'e.hart@board.example.com',
  name: 'E. Hart (board)',
};

beforeAll(async () => {
  alice = await app.signedIn(await app.createUser({ tenantId: 'tenant-a' }));
  carol = await app.signedIn(await app.createUser({ tenantId: 'tenant-a' }));
  bob = await app.signedIn(await app.createUser({ tenantId: 'tenant-b' }));
  fake.setAccount(FAKE_GOOGLE_ACCOUNT);
  await connect(alice);
  fake.setAccount(SECOND_ACCOUNT);
  await connect(alice);
  fake.setAccount(FAKE_GOOGLE_ACCOUNT);
  aliceAccounts = (await alice.get('/api/google/accounts')).body;
});

describe('Google accounts of one user', () => {
  it('lists both accounts, the last connected active and first', () => {
    expect(aliceAccounts.map((account) => [account.email, account.isActive])).toEqual([
      ['e.hart@board.example.com', true],
      ['eleanor.hart@example.com', false],
    ]);
  });

  it('lists the scopes each account granted: what was allowed on the consent screen, less what was unticked', async () => {
    const sheets = 'https://www.googleapis.com/auth/spreadsheets';
    const dana = await app.signedIn(await app.createUser({ tenantId: 'tenant-a' }));
    await connect(dana, [sheets]);
    const [account] = (await dana.get('/api/google/accounts')).body as { grantedScopes: string[] | null }[];
    expect(account?.grantedScopes).toContain('https://www.googleapis.com/auth/gmail.readonly');
    expect(account?.grantedScopes).not.toContain(sheets);
    const [full] = aliceAccounts as unknown as { grantedScopes: string[] | null }[];
    expect(full?.grantedScopes).toContain(sheets);
  });

  it('switches the account the tools use', async () => {
    const first = aliceAccounts[1]?.id ?? '';
    const switched = await alice.post(`/api/google/accounts/${first}/activate`);
    expect(switched.body).toMatchObject({ id: first, isActive: true });
    const accounts = (await alice.get('/api/google/accounts')).body as { id: string; isActive: boolean }[];
    expect(accounts.filter((account) => account.isActive).map((account) => account.id)).toEqual([first]);
    expect((await alice.post('/api/google/accounts/not-a-uuid/activate')).status).toBe(404);
  });
});

describe('Google connection isolation (per user and per tenant)', () => {
  it('GET /status and /accounts show nothing of another user, in the same tenant or not', async () => {
    for (const other of [carol, bob]) {
      expect((await other.get('/api/google/status')).body).toEqual({ authenticated: false });
      expect((await other.get('/api/google/accounts')).body).toEqual([]);
    }
    expect(
      (await carol.get('/api/google/status', { headers: { 'X-User-Id': alice.identity?.userId ?? '' } }))
        .status,
    ).toBe(403);
  });

  it('POST /accounts/:id/activate is a 404 on another user account', async () => {
    for (const other of [carol, bob]) {
      expect((await other.post(`/api/google/accounts/${aliceAccounts[0]?.id}/activate`)).status).toBe(404);
    }
  });

  it('POST /voice-tools never runs on another user connection', async () => {
    for (const other of [carol, bob]) {
      const { body } = await other.post('/api/google/voice-tools', {
        toolName: 'google_gmail_list',
        parameters: {},
      });
      expect(body).toMatchObject({ success: false, requiresAuth: true });
    }
  });

  it('POST /disconnect by another user leaves the connection alone', async () => {
    const revocations = fake.revocations.length;
    for (const other of [carol, bob]) expect((await other.post('/api/google/disconnect')).status).toBe(200);
    expect(fake.revocations).toHaveLength(revocations);
    expect((await alice.get('/api/google/status')).body).toEqual({ authenticated: true });
  });
});

describe('POST /api/google/disconnect', () => {
  it('keeps everything and answers 502 when Google does not confirm the revocation', async () => {
    fake.failRevocations(10);
    const response = await alice.post('/api/google/disconnect');
    fake.failRevocations(0);
    expect([response.status, response.body.code]).toEqual([502, 'revoke_failed']);
    expect((await alice.get('/api/google/accounts')).body).toHaveLength(2);
    expect((await alice.get('/api/google/status')).body).toEqual({ authenticated: true });
  });

  it('revokes every grant at Google, deletes the tokens and clears the accounts', async () => {
    const { rows: before } = await app.pool.query('select id from google_account where user_id = $1', [
      alice.identity?.userId,
    ]);
    expect(before).toHaveLength(2);
    const revocations = fake.revocations.length;
    const response = await alice.post('/api/google/disconnect');
    expect([response.status, response.body]).toEqual([200, { authenticated: false }]);
    expect(fake.revocations.length).toBe(revocations + 2);
    for (const token of fake.revocations.slice(-2)) expect(fake.isGrantActive(token)).toBe(false);
    const { rows: after } = await app.pool.query('select id from google_account where user_id = $1', [
      alice.identity?.userId,
    ]);
    expect(after).toEqual([]);
    expect((await alice.get('/api/google/status')).body).toEqual({ authenticated: false });
    expect((await alice.get('/api/google/accounts')).body).toEqual([]);
  });
});
