import type { CreatedDeployToken, ReleaseChanges } from '@annie/contracts/remote-releases';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestClient } from '../../../test/test-client.ts';
import { canaryBucket } from '../../http/remote-registry.ts';
import { grantHeaders } from './testing/grant.ts';
import { type ReleaseUser, servedVersion, signedInUsers } from './testing/release-users.ts';
import { testBuild } from './testing/test-build.ts';
import { deploy, upload } from './testing/upload.ts';

// The operator's tenant is `default` (its administrator is the first); `acme` is a customer.
const app = await startTestApp();
let admin: TestClient;
let password: string;
let grant: Record<string, string>;
let token: string;
let operatorUsers: ReleaseUser[];
let customers: ReleaseUser[];

beforeAll(async () => {
  const adminUser = await app.createUser({ isAdmin: true });
  password = adminUser.password;
  admin = await app.signedIn(adminUser);
  grant = await grantHeaders(admin, app.baseUrl, password);
  const created = await admin.request<CreatedDeployToken>('POST', '/api/remotes/tokens', {
    body: { remote: 'lab', name: 'lab-ci' },
    headers: grant,
  });
  expect(created.status).toBe(201);
  token = created.body.token;
  operatorUsers = await onBothSidesOfTheCanary(await signedInUsers(app, 6));
  customers = await onBothSidesOfTheCanary(await signedInUsers(app, 6, { tenantId: 'acme' }), 'acme');
});

const CANARY = 60;
const inCanary = (users: ReleaseUser[]) => users.filter((user) => canaryBucket(user.id, 'lab') < CANARY);

/** Adds users (ids are random) until some fall in the canary and some outside it, so both are checked. */
async function onBothSidesOfTheCanary(users: ReleaseUser[], tenantId = 'default'): Promise<ReleaseUser[]> {
  let all = users;
  while (inCanary(all).length === 0 || inCanary(all).length === all.length)
    all = [...all, ...(await signedInUsers(app, 2, { tenantId }))];
  return all;
}

async function versionsOf(users: ReleaseUser[]) {
  return Promise.all(users.map((user) => servedVersion(user.client, 'lab')));
}

describe('a deploy token’s version', () => {
  it('reaches the operator’s tenant only until an operator administrator approves it', async () => {
    expect((await upload(app.baseUrl, token, 'lab', '1.0.0', testBuild('lab', { text: 'one' }))).status).toBe(
      201,
    );
    expect(
      (
        await admin.request('POST', '/api/remotes/releases/lab/approve', {
          body: { version: '1.0.0' },
          headers: grant,
        })
      ).status,
    ).toBe(200);
    expect(
      (await deploy(app.baseUrl, token, '/api/remotes/deploy/lab/activate', { version: '1.0.0' })).status,
    ).toBe(200);

    const next = [
      ...testBuild('lab', { text: 'two, a longer entry' }),
      { path: 'static/js/new.js', content: Buffer.from('1') },
    ];
    expect((await upload(app.baseUrl, token, 'lab', '2.0.0', next)).status).toBe(201);
    const canary = await deploy(app.baseUrl, token, '/api/remotes/deploy/lab/activate', {
      version: '2.0.0',
      percent: CANARY,
    });
    expect(canary.status).toBe(200);
    expect(inCanary(operatorUsers).length).toBeGreaterThan(0);
    expect(inCanary(customers).length).toBeGreaterThan(0);
    for (const user of operatorUsers)
      expect(await servedVersion(user.client, 'lab')).toBe(inCanary([user]).length ? '2.0.0' : '1.0.0');
    expect(new Set(await versionsOf(customers))).toEqual(new Set(['1.0.0']));

    const promote = await deploy(app.baseUrl, token, '/api/remotes/deploy/lab/promote');
    expect(promote.status).toBe(403);
    expect(promote.body.message).toBe(
      "lab 2.0.0 reaches the operator's tenant only until an operator administrator approves it: the Remote releases screen, or remote:approve lab 2.0.0",
    );
    // Activated for everyone by the token, it is still the operator's tenant only.
    expect(
      (await deploy(app.baseUrl, token, '/api/remotes/deploy/lab/activate', { version: '2.0.0' })).status,
    ).toBe(200);
    expect(new Set(await versionsOf(operatorUsers))).toEqual(new Set(['2.0.0']));
    expect(new Set(await versionsOf(customers))).toEqual(new Set(['1.0.0']));
    expect(await servedVersion(app.client(), 'lab')).toBe('1.0.0');
  });

  it('shows what it changes against the active version, and who published it', async () => {
    expect((await deploy(app.baseUrl, token, '/api/remotes/deploy/lab/rollback')).status).toBe(200);
    const changes = (await admin.get<ReleaseChanges>('/api/remotes/releases/lab/versions/2.0.0/changes'))
      .body;
    expect(changes.against).toBe('1.0.0');
    expect(changes.publishedBy).toMatch(/^token:lab-ci \([0-9a-f]{8}\)$/);
    expect(changes.approvedBy).toBeNull();
    expect(changes.files.added).toEqual([{ path: 'static/js/new.js', size: 1, previousSize: null }]);
    expect(changes.files.changed).toEqual([
      { path: 'remoteEntry.js', size: '/* two, a longer entry */'.length, previousSize: '/* one */'.length },
    ]);
    expect(changes.files.removed).toEqual([]);
    expect(changes.shared).toEqual([]);
  });

  it('is approved only with a fresh password confirmation, from the Remote releases page', async () => {
    const approve = (client: TestClient, headers: Record<string, string>) =>
      client.request('POST', '/api/remotes/releases/lab/approve', { body: { version: '2.0.0' }, headers });
    const noGrant = await approve(admin, {});
    expect(noGrant.status).toBe(403);
    expect((noGrant.body as { code: string }).code).toBe('password_confirmation_required');
    expect((await admin.post('/api/remotes/releases/confirm-password', { password: 'not-it' })).status).toBe(
      403,
    );
    // From another page of the app (where remotes run), or a frame or navigation: refused.
    expect((await approve(admin, { ...grant, Referer: `${app.baseUrl}/knowledge` })).status).toBe(403);
    expect((await approve(admin, { ...grant, 'Sec-Fetch-Dest': 'iframe' })).status).toBe(403);
    // The grant is bound to the session that confirmed: another admin session cannot use it.
    const other = await app.signedIn(await app.createUser({ isAdmin: true }));
    expect((await approve(other, grant)).status).toBe(403);
    // A customer's administrator cannot approve at all.
    const customerAdminUser = await app.createUser({ isAdmin: true, tenantId: 'acme' });
    const customerAdmin = await app.signedIn(customerAdminUser);
    expect(
      (
        await customerAdmin.post('/api/remotes/releases/confirm-password', {
          password: customerAdminUser.password,
        })
      ).status,
    ).toBe(403);
    for (const [method, path] of [
      ['GET', '/api/remotes/releases/lab/versions/2.0.0/changes'],
      ['POST', '/api/remotes/releases/lab/approve'],
      ['POST', '/api/remotes/releases/lab/token-approves'],
    ] as const) {
      const refused = await customerAdmin.request(method, path, {
        body: method === 'POST' ? { version: '2.0.0', enabled: true } : undefined,
        headers: grant,
      });
      expect(refused.status, path).toBe(403);
      expect((refused.body as { message: string }).message).toBe(
        "Remote releases are managed by the administrators of the operator's tenant",
      );
    }
    // An expired grant asks for the password again.
    await app.pool.query(
      `update http_session set data = jsonb_set(data, '{releaseGrant,until}', '0'::jsonb) where data ? 'releaseGrant'`,
    );
    const stale = await approve(admin, grant);
    expect(stale.status).toBe(403);
    grant = await grantHeaders(admin, app.baseUrl, password);

    expect((await approve(admin, grant)).status).toBe(200);
    expect(
      (await admin.get<ReleaseChanges>('/api/remotes/releases/lab/versions/2.0.0/changes')).body.approvedBy,
    ).not.toBeNull();
    expect(
      (
        await deploy(app.baseUrl, token, '/api/remotes/deploy/lab/activate', {
          version: '2.0.0',
          percent: CANARY,
        })
      ).status,
    ).toBe(200);
    for (const user of customers)
      expect(await servedVersion(user.client, 'lab')).toBe(inCanary([user]).length ? '2.0.0' : '1.0.0');
    expect((await deploy(app.baseUrl, token, '/api/remotes/deploy/lab/promote')).status).toBe(200);
    expect(new Set(await versionsOf(customers))).toEqual(new Set(['2.0.0']));
  });

  it('may be approved by its token when the remote allows it (off by default, audited)', async () => {
    expect(
      (await upload(app.baseUrl, token, 'lab', '3.0.0', testBuild('lab', { text: 'three' }))).status,
    ).toBe(201);
    expect(
      (
        await deploy(app.baseUrl, token, '/api/remotes/deploy/lab/activate', {
          version: '3.0.0',
          percent: 50,
        })
      ).status,
    ).toBe(200);
    expect((await deploy(app.baseUrl, token, '/api/remotes/deploy/lab/promote')).status).toBe(403);
    const allow = await admin.request('POST', '/api/remotes/releases/lab/token-approves', {
      body: { enabled: true },
      headers: grant,
    });
    expect(allow.status).toBe(200);
    expect((await deploy(app.baseUrl, token, '/api/remotes/deploy/lab/promote')).status).toBe(200);
    expect(new Set(await versionsOf(customers))).toEqual(new Set(['3.0.0']));
    const { rows } = await app.pool.query<{ action: string; actor: string; detail: string }>(
      "select action, actor, detail from remote_audit where remote = 'lab' and action in ('approve', 'token-approves-on') order by id",
    );
    expect(rows.map((row) => row.action)).toEqual(['approve', 'approve', 'token-approves-on', 'approve']);
    expect(rows[3]?.actor).toMatch(/^token:lab-ci/);
    expect(rows[3]?.detail).toContain('self-approved');
  });
});
