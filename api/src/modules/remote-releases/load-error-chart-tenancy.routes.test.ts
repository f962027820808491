import type { RemoteLoadErrorChart } from '@annie/contracts/remote-releases';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestClient } from '../../../test/test-client.ts';
import { loadErrorChart } from './load-error-chart.queries.ts';
import { publishRelease } from './release.service.ts';
import { publishHostOf } from './remote-releases.module.ts';
import { servedVersion, signedInUsers } from './testing/release-users.ts';
import { testBuild } from './testing/test-build.ts';

const app = await startTestApp();
let admin: TestClient;
let user: TestClient;
let otherTenantAdmin: TestClient;
const PATH = '/api/remotes/releases/knowledge/load-errors';

async function publish(version: string) {
  await publishRelease(
    app.pool,
    {
      remote: 'knowledge',
      version,
      publishedBy: 'test',
      storage: 'database',
      files: testBuild('knowledge', { text: version }),
    },
    publishHostOf(app.config),
  );
}

const report = (client: TestClient, version: string) =>
  client.post('/api/remotes/load-errors', { remote: 'knowledge', version, message: 'Failed to fetch' });

beforeAll(async () => {
  admin = await app.signedIn(await app.createUser({ isAdmin: true }));
  user = await app.signedIn(await app.createUser());
  otherTenantAdmin = await app.signedIn(await app.createUser({ isAdmin: true, tenantId: 'tenant-b' }));
  // Failures are only counted here: nothing rolls back by itself while the test reports them.
  expect((await admin.post('/api/remotes/releases/knowledge/auto-rollback', { enabled: false })).status).toBe(
    200,
  );
});

describe('the chart of load failures per version', () => {
  it("counts each version's failures since its activation, newest activation first", async () => {
    expect((await admin.get<RemoteLoadErrorChart>(PATH)).body).toEqual({
      remote: 'knowledge',
      bucket: 'hour',
      versions: [],
    });
    await publish('1.0.0');
    await publish('1.1.0');
    expect((await admin.post('/api/remotes/releases/knowledge/activate', { version: '1.0.0' })).status).toBe(
      200,
    );
    const [first, second] = await signedInUsers(app, 2);
    if (!first || !second) throw new Error('two users expected');
    for (const { client } of [first, second]) {
      expect(await servedVersion(client, 'knowledge')).toBe('1.0.0');
      expect((await report(client, '1.0.0')).status).toBe(202);
    }
    expect((await admin.post('/api/remotes/releases/knowledge/activate', { version: '1.1.0' })).status).toBe(
      200,
    );
    expect(await servedVersion(first.client, 'knowledge')).toBe('1.1.0');
    expect((await report(first.client, '1.1.0')).status).toBe(202);

    const chart = (await admin.get<RemoteLoadErrorChart>(PATH)).body;
    expect(chart.bucket).toBe('hour');
    expect(chart.versions.map(({ version, errors }) => ({ version, errors }))).toEqual([
      { version: '1.1.0', errors: 1 },
      { version: '1.0.0', errors: 2 },
    ]);
    const [newest] = chart.versions;
    expect(newest?.points).toEqual([{ at: expect.stringMatching(/T\d\d:00:00\.000Z$/), errors: 1 }]);
    expect(Date.parse(newest?.since ?? '')).toBeLessThanOrEqual(Date.now());
  });

  it('starts a version over when it is activated again: failures before do not count', async () => {
    expect((await admin.post('/api/remotes/releases/knowledge/activate', { version: '1.0.0' })).status).toBe(
      200,
    );
    const chart = (await admin.get<RemoteLoadErrorChart>(PATH)).body;
    expect(chart.versions.map(({ version, errors }) => ({ version, errors }))).toEqual([
      { version: '1.0.0', errors: 0 },
      { version: '1.1.0', errors: 1 },
    ]);
  });

  it('counts per day once the oldest version shown has been in effect two days', async () => {
    const later = new Date(Date.now() + 3 * 86_400_000);
    const chart = await loadErrorChart(app.pool, 'knowledge', later);
    expect(chart.bucket).toBe('day');
    expect(chart.versions.find((version) => version.version === '1.1.0')?.points).toEqual([
      { at: expect.stringMatching(/T00:00:00\.000Z$/), errors: 1 },
    ]);
  });

  it("answers the operator's administrators only: a user, another tenant's admin and the signed-out are refused", async () => {
    expect((await user.get(PATH)).status).toBe(403);
    const foreign = await otherTenantAdmin.get(PATH);
    expect(foreign.status).toBe(403);
    expect(foreign.text).not.toContain('1.1.0');
    expect((await app.client().get(PATH)).status).toBe(401);
    expect((await admin.get('/api/remotes/releases/nope/load-errors')).status).toBe(404);
  });
});
