import { brotliCompressSync } from 'node:zlib';
import type { RemoteRegistryResponse } from '@annie/contracts/remote-registry';
import type { RemoteReleases } from '@annie/contracts/remote-releases';
import type { RemoteName } from '@annie/contracts/remotes';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestClient } from '../../../test/test-client.ts';
import { canaryBucket } from '../../http/remote-registry.ts';
import { type PublishInput, publishRelease } from './release.service.ts';
import { publishCommand } from './release-commands.ts';
import { publishHostOf } from './remote-releases.module.ts';
import { HOST_SHARED, testBuild, writeBuild } from './testing/test-build.ts';

const app = await startTestApp({ RELEASE_ROLLBACK_FAILURES: '2' });
let admin: TestClient;

beforeAll(async () => {
  admin = await app.signedIn(await app.createUser({ isAdmin: true }));
});

function publish(remote: RemoteName, version: string, options: Parameters<typeof testBuild>[1] = {}) {
  const input: PublishInput = {
    remote,
    version,
    publishedBy: 'test',
    storage: 'database',
    files: testBuild(remote, options),
  };
  return publishRelease(app.pool, input, publishHostOf(app.config));
}

async function entryOf(client: TestClient, remote: RemoteName) {
  const registry = (await client.get<RemoteRegistryResponse>('/api/remotes')).body;
  return registry.remotes.find((entry) => entry.name === remote);
}

async function releases(remote: RemoteName) {
  return (await admin.get<RemoteReleases>(`/api/remotes/releases?remote=${remote}`)).body;
}

describe('publishing a remote', () => {
  it('stores the build, serves it at an immutable URL, and does not activate it', async () => {
    const dist = writeBuild([
      ...testBuild('lab', { text: 'lab build one' }),
      { path: 'remoteEntry.js.br', content: brotliCompressSync(Buffer.from('/* lab build one */')) },
      { path: 'static/js/app.js.map', content: Buffer.from('{}') },
    ]);
    const lines = await publishCommand(app.pool, app.config, { remote: 'lab', version: '1.0.0', dist });
    expect(lines[0]).toContain('Published lab 1.0.0: 4 files');

    expect(await entryOf(app.client(), 'lab')).toEqual({
      name: 'lab',
      entry: '/remotes/lab/mf-manifest.json',
      version: 'local',
    });
    const manifest = await fetch(`${app.baseUrl}/remotes/lab/1.0.0/mf-manifest.json`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
    expect(((await manifest.json()) as { name: string }).name).toBe('lab');

    const plain = await fetch(`${app.baseUrl}/remotes/lab/1.0.0/remoteEntry.js`, {
      headers: { 'Accept-Encoding': 'identity' },
    });
    expect(plain.headers.get('content-type')).toContain('text/javascript');
    expect(await plain.text()).toBe('/* lab build one */');
    const brotli = await fetch(`${app.baseUrl}/remotes/lab/1.0.0/remoteEntry.js`, {
      headers: { 'Accept-Encoding': 'br' },
    });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(await brotli.text()).toBe('/* lab build one */');
    expect((await fetch(`${app.baseUrl}/remotes/lab/1.0.0/static/js/app.js.map`)).status).toBe(404);

    const lab = (await releases('lab')).remotes[0];
    expect(lab?.active).toBeNull();
    expect(lab?.releases.map((release) => [release.version, release.storage, release.exposes])).toEqual([
      ['1.0.0', 'database', ['./app']],
    ]);
  });

  it('never replaces a published version', async () => {
    await expect(publish('lab', '1.0.0')).rejects.toMatchObject({ status: 409 });
  });

  it('refuses a build sharing a React the shell cannot serve, naming it', async () => {
    await expect(publish('knowledge', '2.0.0', { shared: { react: '18.3.1' } })).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining(
        `react 18.3.1 cannot be served by the shell's react ${HOST_SHARED.react}`,
      ),
    });
    const [major, minor, patch] = (HOST_SHARED.zod ?? '0.0.0').split('.').map(Number) as number[];
    const newer = `${major}.${(minor ?? 0) + 1}.${patch}`;
    await expect(publish('knowledge', '2.0.1', { shared: { zod: newer } })).rejects.toMatchObject({
      message: expect.stringContaining(`zod ${newer} cannot be served`),
    });
    await expect(publish('knowledge', '2.0.2', { without: ['react', 'react-dom'] })).rejects.toMatchObject({
      message: expect.stringContaining(
        "react is not shared: the build would run its own copy beside the shell's",
      ),
    });
  });

  it("refuses a build whose exposes or pages do not cover the route table's", async () => {
    await expect(publish('voice', '2.0.0', { exposes: ['./app'] })).rejects.toMatchObject({
      message: expect.stringContaining('it does not expose ./console, which the route table loads'),
    });
    await expect(publish('messaging', '2.0.0', { pages: ['threads', 'thread'] })).rejects.toMatchObject({
      message: expect.stringContaining('its ./app lacks the pages contacts, contact, conversations'),
    });
    await expect(publish('lab', '2.0.0', { name: 'knowledge' })).rejects.toMatchObject({
      message: expect.stringContaining('the manifest is the build of "knowledge", not "lab"'),
    });
    expect((await releases('voice')).remotes[0]?.releases).toEqual([]);
  });

  it('accepts an older patch or minor of a singleton within its major', async () => {
    const [major] = (HOST_SHARED['react-router-dom'] ?? '7.0.0').split('.');
    await expect(
      publish('workspace', '1.0.0', { shared: { 'react-router-dom': `${major}.0.0` } }),
    ).resolves.toEqual({ created: true });
  });
});

describe('activating and rolling back', () => {
  it('activates a version for everyone, then rolls back to the one before, recording each change', async () => {
    await publish('knowledge', '1.0.0');
    await publish('knowledge', '1.1.0');
    expect((await admin.post('/api/remotes/releases/knowledge/activate', { version: '1.0.0' })).status).toBe(
      200,
    );
    expect(await entryOf(app.client(), 'knowledge')).toEqual({
      name: 'knowledge',
      entry: '/remotes/knowledge/1.0.0/mf-manifest.json',
      version: '1.0.0',
    });
    const second = await admin.post('/api/remotes/releases/knowledge/activate', { version: '1.1.0' });
    expect(second.body.remotes[0]).toMatchObject({ active: '1.1.0', previous: '1.0.0', canary: null });
    expect((await entryOf(admin, 'knowledge'))?.version).toBe('1.1.0');
    expect((await admin.post('/api/remotes/releases/knowledge/activate', { version: '1.1.0' })).status).toBe(
      409,
    );

    expect((await admin.post('/api/remotes/releases/knowledge/rollback')).status).toBe(200);
    expect((await entryOf(admin, 'knowledge'))?.version).toBe('1.0.0');
    expect((await admin.post('/api/remotes/releases/knowledge/rollback')).status).toBe(200);
    expect(await entryOf(admin, 'knowledge')).toMatchObject({
      entry: '/remotes/knowledge/mf-manifest.json',
      version: 'local',
    });
    const refused = await admin.post('/api/remotes/releases/knowledge/rollback');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('already runs the deployed build');

    const audit = (await releases('knowledge')).audit.map((entry) => [entry.action, entry.version]);
    expect(audit).toEqual([
      ['rollback', '1.0.0'],
      ['rollback', '1.1.0'],
      ['activate', '1.1.0'],
      ['activate', '1.0.0'],
      ['publish', '1.1.0'],
      ['publish', '1.0.0'],
    ]);
  });

  it('refuses to activate a version that is not published', async () => {
    const response = await admin.post('/api/remotes/releases/knowledge/activate', { version: '9.9.9' });
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('knowledge 9.9.9 is not published');
    expect((await admin.post('/api/remotes/releases/knowledge/activate', { version: 'local' })).status).toBe(
      400,
    );
    expect((await admin.post('/api/remotes/releases/nope/activate', { version: '1.0.0' })).status).toBe(404);
  });
});

describe('a canary', () => {
  it('serves the canary to its share of users, each keeping their answer, and ends on rollback', async () => {
    await publish('workspace', '2.0.0');
    await admin.post('/api/remotes/releases/workspace/activate', { version: '1.0.0' });
    const response = await admin.post('/api/remotes/releases/workspace/activate', {
      version: '2.0.0',
      percent: 50,
    });
    expect(response.body.remotes[0]).toMatchObject({
      active: '1.0.0',
      canary: { version: '2.0.0', percent: 50 },
    });

    // Stickiness for a few users here; the share itself is measured over 200 in rollback-policy.routes.test.ts.
    const users = await Promise.all(Array.from({ length: 4 }, () => app.createUser()));
    for (const user of users) {
      const client = await app.signedIn(user);
      const first = await entryOf(client, 'workspace');
      const expected = canaryBucket(user.user.id, 'workspace') < 50 ? '2.0.0' : '1.0.0';
      expect(first?.version).toBe(expected);
      expect(first?.canary ?? false).toBe(expected === '2.0.0');
      expect((await entryOf(client, 'workspace'))?.version).toBe(expected);
    }
    expect((await entryOf(app.client(), 'workspace'))?.version).toBe('1.0.0');

    // Promoting the canary: everyone gets it.
    await admin.post('/api/remotes/releases/workspace/activate', { version: '2.0.0' });
    expect((await entryOf(app.client(), 'workspace'))?.version).toBe('2.0.0');
    await admin.post('/api/remotes/releases/workspace/rollback');
    await admin.post('/api/remotes/releases/workspace/activate', { version: '2.0.0', percent: 30 });
    await admin.post('/api/remotes/releases/workspace/rollback');
    const state = (await releases('workspace')).remotes[0];
    expect(state).toMatchObject({ active: '1.0.0', canary: null });
  });

  it('buckets users evenly enough and differently per remote', () => {
    const ids = Array.from({ length: 2_000 }, (_, index) => `user-${index}`);
    const inHalf = ids.filter((id) => canaryBucket(id, 'lab') < 50).length;
    expect(inHalf).toBeGreaterThan(900);
    expect(inHalf).toBeLessThan(1_100);
    const same = ids.filter((id) => canaryBucket(id, 'lab') < 50 === canaryBucket(id, 'voice') < 50).length;
    expect(same).toBeLessThan(1_100);
  });
});

describe('automatic rollback', () => {
  it('rolls a newly activated version back once enough users could not load it, saying why', async () => {
    await publish('messaging', '1.0.0');
    await publish('messaging', '1.1.0');
    await admin.post('/api/remotes/releases/messaging/activate', { version: '1.0.0' });
    await admin.post('/api/remotes/releases/messaging/activate', { version: '1.1.0' });
    const first = await app.signedIn(await app.createUser());
    const second = await app.signedIn(await app.createUser());
    // Both were served 1.1.0 (a report counts only then).
    expect((await entryOf(first, 'messaging'))?.version).toBe('1.1.0');
    expect((await entryOf(second, 'messaging'))?.version).toBe('1.1.0');
    const report = { remote: 'messaging', version: '1.1.0', message: 'Failed to fetch remoteEntry.js' };

    expect((await first.post('/api/remotes/load-errors', report)).body).toEqual({ recorded: true });
    // The same user again does not count twice.
    expect((await first.post('/api/remotes/load-errors', report)).body).toEqual({ recorded: true });
    expect((await entryOf(admin, 'messaging'))?.version).toBe('1.1.0');
    const last = await second.post('/api/remotes/load-errors', report);
    expect(last.status).toBe(202);
    expect(last.body).toEqual({ recorded: true, rolledBack: '1.1.0' });
    expect((await entryOf(admin, 'messaging'))?.version).toBe('1.0.0');

    const state = await releases('messaging');
    expect(state.audit[0]).toMatchObject({ action: 'auto-rollback', version: '1.1.0', actor: 'registry' });
    expect(state.audit[0]?.detail).toContain(
      'back to 1.0.0: 2 of the 3 users served it since its activation (67%) could not load it within 10 minutes',
    );
    expect(state.remotes[0]?.releases.find((release) => release.version === '1.1.0')?.loadErrors).toBe(3);
    // Reports of the version already rolled back change nothing more.
    expect((await second.post('/api/remotes/load-errors', report)).body).toEqual({ recorded: true });
    expect((await entryOf(admin, 'messaging'))?.version).toBe('1.0.0');
  });

  it('keeps no report of a version that is not published, and refuses anonymous and excessive reports', async () => {
    const user = await app.signedIn(await app.createUser());
    const unknown = { remote: 'lab', version: 'local', message: 'down' };
    expect((await user.post('/api/remotes/load-errors', unknown)).body).toEqual({ recorded: false });
    expect((await app.client().post('/api/remotes/load-errors', unknown)).status).toBe(401);
    expect((await user.post('/api/remotes/load-errors', { remote: 'nope', version: '1' })).status).toBe(400);
    let status = 0;
    for (let index = 0; index < 25 && status !== 429; index += 1)
      status = (await user.post('/api/remotes/load-errors', unknown)).status;
    expect(status).toBe(429);
  });
});
