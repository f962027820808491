import { createServer } from 'node:http';
import type { RemoteRegistryResponse } from '@annie/contracts/remote-registry';
import type { RemoteReleases } from '@annie/contracts/remote-releases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestClient } from '../../../test/test-client.ts';
import { portOf } from '../../server.ts';
import { testBuild } from './testing/test-build.ts';

// A static host on loopback standing in for a CDN: serves the files of the builds put in `hosted`.
const hosted = new Map<string, Buffer>();
const cdn = createServer((request, response) => {
  const file = hosted.get(request.url ?? '');
  response.writeHead(file ? 200 : 404, { 'Content-Type': 'application/json' });
  response.end(file ?? 'not found');
});
await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
const cdnOrigin = `http://127.0.0.1:${portOf(cdn)}`;
afterAll(() => new Promise<void>((resolve) => cdn.close(() => resolve())));

function host(path: string, files: ReturnType<typeof testBuild>) {
  for (const file of files) hosted.set(`${path}/${file.path}`, file.content);
  return `${cdnOrigin}${path}/mf-manifest.json`;
}

// The operator pins voice with REMOTE_VOICE_ENTRY: it wins over whatever is activated.
// The local "CDN" is on loopback: allowed by the test-only setting (never CORS_ORIGINS: files go through the API).
const app = await startTestApp({
  RELEASE_URL_TEST_ORIGINS: cdnOrigin,
  REMOTE_VOICE_ENTRY: `${cdnOrigin}/pinned/voice/mf-manifest.json`,
  REMOTE_VOICE_VERSION: 'pinned',
});
let admin: TestClient;
let user: TestClient;
let otherTenantAdmin: TestClient;

beforeAll(async () => {
  admin = await app.signedIn(await app.createUser({ isAdmin: true }));
  user = await app.signedIn(await app.createUser());
  otherTenantAdmin = await app.signedIn(await app.createUser({ isAdmin: true, tenantId: 'tenant-b' }));
});

describe('publishing a build hosted elsewhere', () => {
  it('registers it by its manifest URL after the gate, without activating it', async () => {
    const url = host('/lab/3.0.0', testBuild('lab'));
    const response = await admin.post<RemoteReleases>('/api/remotes/releases', {
      remote: 'lab',
      version: '3.0.0',
      url,
    });
    expect(response.status).toBe(201);
    expect(response.body.remotes[0]).toMatchObject({
      active: null,
      releases: [
        {
          version: '3.0.0',
          storage: 'url',
          entry: '/remotes/lab/3.0.0/mf-manifest.json',
          publishedBy: expect.any(String),
        },
      ],
    });
    await admin.post('/api/remotes/releases/lab/activate', { version: '3.0.0' });
    const registry = (await user.get<RemoteRegistryResponse>('/api/remotes')).body;
    expect(registry.remotes.find((remote) => remote.name === 'lab')).toEqual({
      name: 'lab',
      entry: '/remotes/lab/3.0.0/mf-manifest.json',
      version: '3.0.0',
    });
  });

  it('serves only what was checked at publish: a file its host changed since is refused, never served', async () => {
    host('/lab/5.0.0', testBuild('lab', { text: 'checked build' }));
    const url = `${cdnOrigin}/lab/5.0.0/mf-manifest.json`;
    expect((await admin.post('/api/remotes/releases', { remote: 'lab', version: '5.0.0', url })).status).toBe(
      201,
    );
    const entry = await fetch(`${app.baseUrl}/remotes/lab/5.0.0/remoteEntry.js`);
    expect(entry.status).toBe(200);
    expect(entry.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await entry.text()).toBe('/* checked build */');

    // The host swaps the manifest and a script the gate never saw, and adds one the manifest did not list.
    hosted.set('/lab/5.0.0/mf-manifest.json', Buffer.from('{"name":"lab","shared":[],"exposes":[]}'));
    hosted.set('/lab/5.0.0/extra.js', Buffer.from('/* never checked */'));
    const manifest = await fetch(`${app.baseUrl}/remotes/lab/5.0.0/mf-manifest.json`);
    expect(manifest.status).toBe(502);
    expect(await manifest.text()).toContain('is not what was published');
    expect((await fetch(`${app.baseUrl}/remotes/lab/5.0.0/extra.js`)).status).toBe(404);
  });

  it('refuses a hosted build whose files would load from an unpinned public path', async () => {
    const files = testBuild('lab');
    const manifest = JSON.parse(files[0]?.content.toString() ?? '{}');
    manifest.metaData.publicPath = 'https://elsewhere.example.test/lab/';
    const url = host('/lab/6.0.0', [
      { path: 'mf-manifest.json', content: Buffer.from(JSON.stringify(manifest)) },
      ...files.slice(1),
    ]);
    const refused = await admin.post('/api/remotes/releases', { remote: 'lab', version: '6.0.0', url });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toContain('not "auto"');
  });

  it('refuses a hosted build that does not fit, one that is not there, and a host that does not resolve', async () => {
    const react18 = host(
      '/lab/3.1.0',
      testBuild('lab', { shared: { react: '18.3.1', 'react-dom': '18.3.1' } }),
    );
    const refused = await admin.post('/api/remotes/releases', {
      remote: 'lab',
      version: '3.1.0',
      url: react18,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toContain("react 18.3.1 cannot be served by the shell's react");
    expect(refused.body.message).toContain("react-dom 18.3.1 cannot be served by the shell's react-dom");

    const missing = `${cdnOrigin}/lab/9.9.9/mf-manifest.json`;
    const gone = await admin.post('/api/remotes/releases', { remote: 'lab', version: '9.9.9', url: missing });
    expect(gone.status).toBe(422);
    expect(gone.body.message).toContain('answered 404');

    const elsewhere = await admin.post('/api/remotes/releases', {
      remote: 'lab',
      version: '3.2.0',
      url: 'https://cdn.example.test/lab/mf-manifest.json',
    });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.message).toContain(
      'https://cdn.example.test/lab/mf-manifest.json could not be fetched',
    );
    const notManifest = await admin.post('/api/remotes/releases', {
      remote: 'lab',
      version: '3.2.0',
      url: `${cdnOrigin}/lab/remoteEntry.js`,
    });
    expect(notManifest.status).toBe(400);
  });
});

describe("the operator's override", () => {
  it('keeps serving REMOTE_<NAME>_ENTRY whatever is activated, and the registry says so', async () => {
    const url = host('/voice/2.0.0', testBuild('voice'));
    await admin.post('/api/remotes/releases', { remote: 'voice', version: '2.0.0', url });
    expect((await admin.post('/api/remotes/releases/voice/activate', { version: '2.0.0' })).status).toBe(200);
    const registry = (await user.get<RemoteRegistryResponse>('/api/remotes')).body;
    expect(registry.remotes.find((remote) => remote.name === 'voice')).toEqual({
      name: 'voice',
      entry: `${cdnOrigin}/pinned/voice/mf-manifest.json`,
      version: 'pinned',
    });
    const voice = (await admin.get<RemoteReleases>('/api/remotes/releases?remote=voice')).body.remotes[0];
    expect(voice).toMatchObject({ active: '2.0.0', override: `${cdnOrigin}/pinned/voice/mf-manifest.json` });
  });
});

describe('who may manage releases', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/remotes/releases'],
    [
      'POST',
      '/api/remotes/releases',
      { remote: 'lab', version: '4.0.0', url: `${cdnOrigin}/x/mf-manifest.json` },
    ],
    ['POST', '/api/remotes/releases/lab/activate', { version: '3.0.0' }],
    // The screen's canary slider (a share) and Promote (everyone) are these same calls.
    ['POST', '/api/remotes/releases/lab/activate', { version: '3.0.0', percent: 25 }],
    ['POST', '/api/remotes/releases/lab/rollback'],
    ['GET', '/api/remotes/releases/lab/load-errors'],
  ];

  it('refuses anonymous callers, users who are not admins, and the admins of another tenant', async () => {
    for (const [method, path, body] of calls) {
      expect((await app.client().request(method, path, { body })).status, `${method} ${path}`).toBe(401);
      expect((await user.request(method, path, { body })).status, `${method} ${path}`).toBe(403);
      const other = await otherTenantAdmin.request(method, path, { body });
      expect(other.status, `${method} ${path}`).toBe(403);
      expect(other.body.message).toBe(
        "Remote releases are managed by the administrators of the operator's tenant",
      );
    }
    const lab = (await admin.get<RemoteReleases>('/api/remotes/releases?remote=lab')).body.remotes[0];
    expect(lab?.active).toBe('3.0.0');
    expect(lab?.releases.map((release) => release.version)).not.toContain('4.0.0');
  });

  it("tells only the operator's administrators that the Remote releases screen answers them", async () => {
    const flag = async (client: TestClient) =>
      (await client.get<RemoteRegistryResponse>('/api/remotes')).body.manageReleases;
    expect(await flag(admin)).toBe(true);
    expect(await flag(otherTenantAdmin)).toBeUndefined();
    expect(await flag(user)).toBeUndefined();
    expect(await flag(app.client())).toBeUndefined();
  });
});
