import type { RemoteReleases } from '@annie/contracts/remote-releases';
import type { RemoteName } from '@annie/contracts/remotes';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestClient } from '../../../test/test-client.ts';
import { canaryBucket } from '../../http/remote-registry.ts';
import { publishRelease } from './release.service.ts';
import { publishHostOf } from './remote-releases.module.ts';
import { type ReleaseUser, servedVersion, signedInUsers } from './testing/release-users.ts';
import { testBuild } from './testing/test-build.ts';

// A version met twice: a canary, rolled back by the operator, then activated again for everyone.
// The policy: at least 3 failures among the users served it, and at least 20 % of them.
const app = await startTestApp({ RELEASE_ROLLBACK_FAILURES: '3', RELEASE_ROLLBACK_SHARE_PERCENT: '20' });
let admin: TestClient;

beforeAll(async () => {
  admin = await app.signedIn(await app.createUser({ isAdmin: true }));
});

const CANARY_PERCENT = 99;

async function publish(remote: RemoteName, version: string) {
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
}

async function activate(remote: RemoteName, version: string, percent?: number) {
  const response = await admin.post(`/api/remotes/releases/${remote}/activate`, { version, percent });
  expect(response.status).toBe(200);
}

const report = (client: TestClient, remote: RemoteName, version: string) =>
  client.post<{ recorded: boolean; rolledBack?: string }>('/api/remotes/load-errors', {
    remote,
    version,
    message: 'Failed to fetch remoteEntry.js',
  });

const stateOf = async (remote: RemoteName) =>
  (await admin.get<RemoteReleases>(`/api/remotes/releases?remote=${remote}`)).body;

/**
 * 1.0.0 active, 2.0.0 a canary served to `count` users (those the share bucket puts in it), the canary
 * rolled back by the operator, then 2.0.0 activated again for everyone. Returns the canary's users, who
 * were served 2.0.0 in the earlier activation only.
 */
async function canaryThenReactivated(remote: RemoteName, count: number): Promise<ReleaseUser[]> {
  await publish(remote, '1.0.0');
  await activate(remote, '1.0.0');
  await publish(remote, '2.0.0');
  await activate(remote, '2.0.0', CANARY_PERCENT);
  const candidates = await signedInUsers(app, count + 2);
  const inCanary = candidates
    .filter((user) => canaryBucket(user.id, remote) < CANARY_PERCENT)
    .slice(0, count);
  expect(inCanary).toHaveLength(count);
  for (const user of inCanary) expect(await servedVersion(user.client, remote)).toBe('2.0.0');

  expect((await admin.post(`/api/remotes/releases/${remote}/rollback`)).status).toBe(200);
  expect((await stateOf(remote)).remotes[0]).toMatchObject({ active: '1.0.0', canary: null });
  await activate(remote, '2.0.0');
  expect(await servedVersion(admin, remote)).toBe('2.0.0');
  return inCanary;
}

describe('automatic rollback after a re-activation', () => {
  it('does not count a failure reported from a page served in the earlier activation (a stale page)', async () => {
    const remote: RemoteName = 'messaging';
    const earlier = await canaryThenReactivated(remote, 3);
    const fresh = await signedInUsers(app, 3);
    for (const user of fresh) expect(await servedVersion(user.client, remote)).toBe('2.0.0');

    // The canary's users still have the canary's page open: it fails, and they report 2.0.0.
    for (const user of earlier)
      expect((await report(user.client, remote, '2.0.0')).body).toEqual({ recorded: true });
    const reports = (await stateOf(remote)).reports.filter((entry) => entry.version === '2.0.0');
    expect(reports.map((entry) => entry.counted)).toEqual([false, false, false]);

    // They reload, are served 2.0.0 of this activation and load it. One user of this activation fails:
    // 1 of the 7 served it since the re-activation, not 4.
    for (const user of earlier) expect(await servedVersion(user.client, remote)).toBe('2.0.0');
    expect((await report(fresh[0]?.client as TestClient, remote, '2.0.0')).body).toEqual({ recorded: true });
    const state = await stateOf(remote);
    expect(state.remotes[0]).toMatchObject({ active: '2.0.0', canary: null });
    expect(state.audit.filter((entry) => entry.action === 'auto-rollback')).toEqual([]);
    expect(await servedVersion(admin, remote)).toBe('2.0.0');
  });

  it('does not count failures reported during the earlier activation once the version is activated again', async () => {
    const remote: RemoteName = 'knowledge';
    await publish(remote, '1.0.0');
    await activate(remote, '1.0.0');
    await publish(remote, '2.0.0');
    await activate(remote, '2.0.0', CANARY_PERCENT);
    const candidates = await signedInUsers(app, 8);
    const inCanary = candidates.filter((user) => canaryBucket(user.id, remote) < CANARY_PERCENT).slice(0, 6);
    expect(inCanary).toHaveLength(6);
    for (const user of inCanary) expect(await servedVersion(user.client, remote)).toBe('2.0.0');
    // Two of the canary's users fail (counted then, short of the three a rollback needs).
    for (const user of inCanary.slice(0, 2))
      expect((await report(user.client, remote, '2.0.0')).body).toEqual({ recorded: true });
    expect((await admin.post(`/api/remotes/releases/${remote}/rollback`)).status).toBe(200);
    await activate(remote, '2.0.0');

    // All six are served it again; one fails now: 1 failure of this activation, not 3.
    for (const user of inCanary) expect(await servedVersion(user.client, remote)).toBe('2.0.0');
    const last = inCanary[5]?.client as TestClient;
    expect((await report(last, remote, '2.0.0')).body).toEqual({ recorded: true });
    expect((await stateOf(remote)).remotes[0]).toMatchObject({ active: '2.0.0' });
  });

  it("records serving the version again after its re-activation, so that user's failures count", async () => {
    const remote: RemoteName = 'workspace';
    const earlier = await canaryThenReactivated(remote, 3);
    // The same users reload on the same instance and are served 2.0.0 again; all three fail to load it.
    for (const user of earlier) expect(await servedVersion(user.client, remote)).toBe('2.0.0');
    const outcomes = [];
    for (const user of earlier) outcomes.push((await report(user.client, remote, '2.0.0')).body);
    expect(outcomes).toEqual([
      { recorded: true },
      { recorded: true },
      { recorded: true, rolledBack: '2.0.0' },
    ]);

    const state = await stateOf(remote);
    expect(state.remotes[0]).toMatchObject({ active: '1.0.0', canary: null });
    expect(state.reports.filter((entry) => entry.version === '2.0.0').every((entry) => entry.counted)).toBe(
      true,
    );
    const audit = state.audit.find((entry) => entry.action === 'auto-rollback');
    expect(audit?.detail).toContain('back to 1.0.0: 3 of the 4 users served it since its activation (75%)');
    expect(await servedVersion(admin, remote)).toBe('1.0.0');
  });
});
