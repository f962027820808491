import type { RemoteReleases } from '@annie/contracts/remote-releases';
import type { RemoteName } from '@annie/contracts/remotes';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestClient } from '../../../test/test-client.ts';
import { canaryBucket } from '../../http/remote-registry.ts';
import { publishRelease } from './release.service.ts';
import { publishHostOf } from './remote-releases.module.ts';
import { onInstance, servedVersion, signedInUsers } from './testing/release-users.ts';
import { secondInstance } from './testing/second-instance.ts';
import { testBuild } from './testing/test-build.ts';

// The policy under test: at least 3 users served the version, and at least 20 % of those served it.
const app = await startTestApp({ RELEASE_ROLLBACK_FAILURES: '3', RELEASE_ROLLBACK_SHARE_PERCENT: '20' });
const two = await secondInstance(app);
let admin: TestClient;

beforeAll(async () => {
  admin = await app.signedIn(await app.createUser({ isAdmin: true }));
});

async function releaseAll(remote: RemoteName, versions: string[]) {
  for (const version of versions) {
    await publishRelease(
      app.pool,
      {
        remote,
        version,
        publishedBy: 'test',
        storage: 'database',
        files: testBuild(remote, { text: version }),
      },
      publishHostOf(app.config),
    );
    const activated = await admin.post(`/api/remotes/releases/${remote}/activate`, { version });
    expect(activated.status).toBe(200);
  }
}

const report = (client: TestClient, remote: RemoteName, version: string) =>
  client.post<{ recorded: boolean; rolledBack?: string }>('/api/remotes/load-errors', {
    remote,
    version,
    message: 'Failed to fetch remoteEntry.js',
  });

const stateOf = async (remote: RemoteName) =>
  (await admin.get<RemoteReleases>(`/api/remotes/releases?remote=${remote}`)).body;

describe('automatic rollback', () => {
  it('counts only users the registry served the version: reports from the others are not kept', async () => {
    await releaseAll('messaging', ['1.0.0', '1.1.0']);
    const strangers = await signedInUsers(app, 4);
    for (const stranger of strangers) {
      expect((await report(stranger.client, 'messaging', '1.1.0')).body).toEqual({ recorded: false });
    }
    expect(await servedVersion(admin, 'messaging')).toBe('1.1.0');

    const served = await signedInUsers(app, 3);
    for (const user of served) expect(await servedVersion(user.client, 'messaging')).toBe('1.1.0');
    // The admin was served it too: 4 served, and the third failure of theirs is 75 %.
    expect(
      (await report(served[0]?.client as TestClient, 'messaging', '1.1.0')).body.rolledBack,
    ).toBeUndefined();
    expect(
      (await report(served[1]?.client as TestClient, 'messaging', '1.1.0')).body.rolledBack,
    ).toBeUndefined();
    expect((await report(served[2]?.client as TestClient, 'messaging', '1.1.0')).body).toEqual({
      recorded: true,
      rolledBack: '1.1.0',
    });
    const state = await stateOf('messaging');
    expect(state.remotes[0]?.active).toBe('1.0.0');
    expect(state.audit[0]).toMatchObject({ action: 'auto-rollback', version: '1.1.0', actor: 'registry' });
    expect(state.audit[0]?.detail).toContain(
      'back to 1.0.0: 3 of the 4 users served it since its activation (75%)',
    );
  });

  it("counts failures by tenant: another tenant's users alone never roll back the operator's release", async () => {
    await releaseAll('knowledge', ['5.0.0', '5.1.0']);
    // 10 users of tenant A (the operator's) load it; 3 users of tenant B are served it and fail.
    const tenantA = await signedInUsers(app, 10);
    for (const user of tenantA) expect(await servedVersion(user.client, 'knowledge')).toBe('5.1.0');
    const tenantB = await signedInUsers(app, 3, { tenantId: 'tenant-b' });
    for (const user of tenantB) {
      expect(await servedVersion(user.client, 'knowledge')).toBe('5.1.0');
      expect((await report(user.client, 'knowledge', '5.1.0')).body).toEqual({ recorded: true });
    }
    expect(await servedVersion(admin, 'knowledge')).toBe('5.1.0');
    // Then 3 of A's users fail: 3 of 11 in the operator's tenant (27 %).
    const outcomes = [];
    for (const user of tenantA.slice(0, 3))
      outcomes.push((await report(user.client, 'knowledge', '5.1.0')).body);
    expect(outcomes).toEqual([
      { recorded: true },
      { recorded: true },
      { recorded: true, rolledBack: '5.1.0' },
    ]);
    expect(await servedVersion(admin, 'knowledge')).toBe('5.0.0');
    const audit = (await stateOf('knowledge')).audit.find((entry) => entry.action === 'auto-rollback');
    expect(audit?.detail).toContain('6 of the 14 users served it since its activation (43%)');
    expect(audit?.detail).toContain('by tenant: ');
    expect(audit?.detail).toContain('tenant-b 3/3');
  });

  it('needs two tenants when the operator’s does not call for it, and two instances agree', async () => {
    await releaseAll('workspace', ['1.0.0', '2.0.0']);
    // 19 users of the operator's tenant and the admin are served 2.0.0, half of them on each instance.
    const operatorUsers = await signedInUsers(app, 19);
    for (const [index, user] of operatorUsers.entries()) {
      const client = index % 2 === 0 ? user.client : onInstance(user.client, two.baseUrl);
      expect(await servedVersion(client, 'workspace')).toBe('2.0.0');
    }
    expect(await servedVersion(admin, 'workspace')).toBe('2.0.0');
    // Another tenant's three users, served it too, fail: that tenant alone does not decide.
    const others = await signedInUsers(app, 3, { tenantId: 'tenant-other' });
    for (const [index, user] of others.entries()) {
      const client = index % 2 === 0 ? user.client : onInstance(user.client, two.baseUrl);
      expect(await servedVersion(client, 'workspace')).toBe('2.0.0');
      expect((await report(client, 'workspace', '2.0.0')).body).toEqual({ recorded: true });
    }
    // A third tenant's single user fails too (1 of 1): two tenants call for it.
    const [third] = await signedInUsers(app, 1, { tenantId: 'tenant-third' });
    const client = onInstance(third?.client as TestClient, two.baseUrl);
    expect(await servedVersion(client, 'workspace')).toBe('2.0.0');
    expect((await report(client, 'workspace', '2.0.0')).body).toEqual({
      recorded: true,
      rolledBack: '2.0.0',
    });
    expect(await servedVersion(admin, 'workspace')).toBe('1.0.0');
    await expect.poll(() => servedVersion(onInstance(admin, two.baseUrl), 'workspace')).toBe('1.0.0');
    const audit = (await stateOf('workspace')).audit.filter((entry) => entry.action === 'auto-rollback');
    expect(audit).toHaveLength(1);
    expect(audit[0]?.detail).toContain('4 of the 24 users');
  });

  it('never cascades: the version a rollback restores is not rolled back by itself, however it fails', async () => {
    await releaseAll('lab', ['1.0.0', '2.0.0', '3.0.0']);
    const users = await signedInUsers(app, 3);
    for (const user of users) expect(await servedVersion(user.client, 'lab')).toBe('3.0.0');
    for (const user of users) await report(user.client, 'lab', '3.0.0');
    expect(await servedVersion(admin, 'lab')).toBe('2.0.0');

    // Everyone now fails to load 2.0.0 as well: it stays (an operator decides), and 1.0.0 is never reached.
    for (const user of users) expect(await servedVersion(user.client, 'lab')).toBe('2.0.0');
    for (const user of users)
      expect((await report(user.client, 'lab', '2.0.0')).body).toEqual({ recorded: true });
    expect(await servedVersion(admin, 'lab')).toBe('2.0.0');
    const state = await stateOf('lab');
    expect(state.remotes[0]).toMatchObject({ active: '2.0.0', previous: '1.0.0' });
    expect(state.audit.filter((entry) => entry.action === 'auto-rollback')).toHaveLength(1);
  });

  it('can be turned off per remote: failures are then only reported', async () => {
    await releaseAll('knowledge', ['1.0.0', '1.1.0']);
    const off = await admin.post<RemoteReleases>('/api/remotes/releases/knowledge/auto-rollback', {
      enabled: false,
    });
    expect(off.status).toBe(200);
    expect(off.body.remotes[0]?.autoRollback).toBe(false);
    const users = await signedInUsers(app, 3);
    for (const user of users) expect(await servedVersion(user.client, 'knowledge')).toBe('1.1.0');
    for (const user of users) await report(user.client, 'knowledge', '1.1.0');
    const state = await stateOf('knowledge');
    expect(state.remotes[0]).toMatchObject({ active: '1.1.0', autoRollback: false });
    expect(state.remotes[0]?.releases.find((release) => release.version === '1.1.0')).toMatchObject({
      loadErrors: 3,
      servedUsers: 3,
    });
    expect(state.audit[0]).toMatchObject({ action: 'auto-rollback-off', actor: expect.any(String) });
    expect(state.reports.slice(0, 3)).toEqual(
      Array.from({ length: 3 }, () => ({
        remote: 'knowledge',
        version: '1.1.0',
        message: 'Failed to fetch remoteEntry.js',
        counted: true,
        at: expect.any(String),
      })),
    );
  });
});

describe('a canary measured over many users', () => {
  it('serves the asked share (±10 points) of 200 users, each keeping their answer, and a failing canary is rolled back', async () => {
    await releaseAll('voice', ['1.0.0']);
    await publishRelease(
      app.pool,
      {
        remote: 'voice',
        version: '2.0.0',
        publishedBy: 'test',
        storage: 'database',
        files: testBuild('voice'),
      },
      publishHostOf(app.config),
    );
    await admin.post('/api/remotes/releases/voice/activate', { version: '2.0.0', percent: 30 });
    const users = await signedInUsers(app, 200);
    const answers = new Map<string, string | undefined>();
    for (const [index, user] of users.entries()) {
      const client = index % 2 === 0 ? user.client : onInstance(user.client, two.baseUrl);
      answers.set(user.id, await servedVersion(client, 'voice'));
    }
    const inCanary = users.filter((user) => answers.get(user.id) === '2.0.0');
    expect(new Set(answers.values())).toEqual(new Set(['1.0.0', '2.0.0']));
    expect(inCanary.length).toBeGreaterThanOrEqual(40);
    expect(inCanary.length).toBeLessThanOrEqual(80);
    // Sticky: the same answer again, from the other instance, as the share bucket says.
    for (const user of users.slice(0, 20)) {
      const again = await servedVersion(onInstance(user.client, two.baseUrl), 'voice');
      expect(again).toBe(answers.get(user.id));
      expect(again === '2.0.0').toBe(canaryBucket(user.id, 'voice') < 30);
    }

    // A fifth of the canary's users fail to load it: the canary ends, everyone keeps 1.0.0.
    const failing = inCanary.slice(0, Math.ceil(inCanary.length / 5));
    const outcomes = [];
    for (const user of failing) outcomes.push((await report(user.client, 'voice', '2.0.0')).body);
    expect(outcomes.at(-1)).toEqual({ recorded: true, rolledBack: '2.0.0' });
    expect(outcomes.slice(0, -1).every((outcome) => !outcome.rolledBack)).toBe(true);
    const state = await stateOf('voice');
    expect(state.remotes[0]).toMatchObject({ active: '1.0.0', canary: null });
    expect(state.audit[0]?.detail).toContain('canary 2.0.0 ended; everyone gets 1.0.0');
  });
});
