import { pendingActionListSchema, phoneAccessSchema } from '@annie/contracts/trust';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestUser } from '../../../test/test-app.ts';
import type { TestClient } from '../../../test/test-client.ts';
import { storeCallMessage, storePendingAction } from './front-desk.queries.ts';
import { checkPhonePasscode, PASSCODE_ATTEMPTS_MAX } from './phone-access.service.ts';

// Every trust endpoint, called by another tenant and by another user of the same tenant on Alice's
// rows: they see nothing and change nothing. Pending actions and call messages are the executive's own.
const app = await startTestApp();
let alice: TestClient;
let aliceUser: TestUser;
let colleague: TestClient;
let stranger: TestClient;
let actionId: string;

beforeAll(async () => {
  aliceUser = await app.createUser({ tenantId: 'tenant-a', isAdmin: true });
  alice = await app.signedIn(aliceUser);
  colleague = await app.signedIn(await app.createUser({ tenantId: 'tenant-a', isAdmin: true }));
  stranger = await app.signedIn(await app.createUser({ tenantId: 'tenant-b', isAdmin: true }));
  const scope = { tenantId: 'tenant-a', userId: aliceUser.user.id, callSessionId: null };
  actionId = await storePendingAction(app.pool, scope, {
    toE164: '+14155557001',
    body: 'The brochure',
    requestedBy: 'Rita',
    requestedByE164: '+14155557001',
  });
  await storeCallMessage(app.pool, scope, {
    callerName: 'Rita',
    callerE164: '+14155557001',
    body: 'Call me',
  });
});

const pendingOf = async (client: TestClient) =>
  pendingActionListSchema.parse((await client.get('/api/pending-actions')).body);

describe('pending actions and call messages are the executive’s own', () => {
  it('only Alice lists them; the count is hers', async () => {
    expect((await pendingOf(alice)).items.map((item) => item.id)).toEqual([actionId]);
    expect((await pendingOf(alice)).pendingCount).toBe(1);
    for (const other of [colleague, stranger]) {
      expect(await pendingOf(other)).toEqual({ items: [], pendingCount: 0 });
      expect((await other.get('/api/call-messages')).body).toEqual([]);
    }
    expect((await alice.get('/api/call-messages')).body).toHaveLength(1);
  });

  it('nobody else can approve or reject them (404, nothing changes)', async () => {
    for (const other of [colleague, stranger]) {
      expect((await other.post(`/api/pending-actions/${actionId}/approve`, { body: 'x' })).status).toBe(404);
      expect((await other.post(`/api/pending-actions/${actionId}/reject`)).status).toBe(404);
    }
    expect((await pendingOf(alice)).items[0]?.status).toBe('pending');
    expect((await alice.post(`/api/pending-actions/${actionId}/reject`)).status).toBe(200);
    expect((await pendingOf(alice)).items[0]?.status).toBe('rejected');
    expect((await alice.post('/api/pending-actions/not-a-uuid/reject')).status).toBe(404);
  });

  it('signed out: 401', async () => {
    const anonymous = new (alice.constructor as new (url: string) => TestClient)(app.baseUrl);
    expect((await anonymous.get('/api/pending-actions')).status).toBe(401);
    expect((await anonymous.get('/api/me/phone-access')).status).toBe(401);
  });
});

describe('phone access is per user', () => {
  it('needs the account password for a passcode, normalises numbers, and is never shown to others', async () => {
    const without = await alice.put('/api/me/phone-access', {
      numbers: ['+1 415 555 7002'],
      passcode: '123456',
    });
    expect(without.status).toBe(400);
    const wrong = await alice.put('/api/me/phone-access', {
      numbers: ['+1 415 555 7002'],
      passcode: '123456',
      currentPassword: 'nope',
    });
    expect(wrong.status).toBe(403);
    expect((await alice.put('/api/me/phone-access', { numbers: ['not a number'] })).status).toBe(400);
    expect(
      (await alice.put('/api/me/phone-access', { numbers: ['+1 415 555 7002'], passcode: '12' })).status,
    ).toBe(400);
    const saved = await alice.put('/api/me/phone-access', {
      numbers: ['+1 415 555 7002'],
      passcode: '123456',
      currentPassword: aliceUser.password,
    });
    expect(phoneAccessSchema.parse(saved.body)).toMatchObject({
      numbers: ['+14155557002'],
      unverifiedNumbers: ['+14155557002'],
      passcodeSet: true,
    });
    for (const other of [colleague, stranger]) {
      expect((await other.get('/api/me/phone-access')).body).toMatchObject({
        numbers: [],
        passcodeSet: false,
      });
    }
    const { rows } = await app.pool.query('select passcode_hash from phone_access where user_id = $1', [
      aliceUser.user.id,
    ]);
    expect(rows[0]?.passcode_hash).toMatch(/^\$argon2id\$/);
  });
});

describe("another user's phone access", () => {
  it("is their own to write: a colleague's numbers leave Alice's alone", async () => {
    const alices = (await alice.get('/api/me/phone-access')).body;
    const saved = await colleague.put('/api/me/phone-access', { numbers: ['+1 415 555 7003'] });
    expect(saved.body).toMatchObject({ numbers: ['+14155557003'], passcodeSet: false });
    expect((await alice.get('/api/me/phone-access')).body).toEqual(alices);
    expect((await stranger.put('/api/me/phone-access', { numbers: [] })).status).toBe(200);
    expect((await alice.get('/api/me/phone-access')).body).toEqual(alices);
  });
});

describe('passcode attempts', () => {
  it('twenty guesses at once: at most five are checked, then even the right passcode is refused', async () => {
    const owner = { tenantId: 'tenant-a', userId: aliceUser.user.id };
    await alice.put('/api/me/phone-access', {
      numbers: [],
      passcode: '654321',
      currentPassword: aliceUser.password,
    });
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        checkPhonePasscode(app.pool, owner, `99999${index % 10}`, '+14155557009'),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'wrong')).toHaveLength(PASSCODE_ATTEMPTS_MAX);
    expect(outcomes.filter((outcome) => outcome === 'locked')).toHaveLength(20 - PASSCODE_ATTEMPTS_MAX);
    expect(await checkPhonePasscode(app.pool, owner, '654321', '+14155557009')).toBe('locked');
  });
});
