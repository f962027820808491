import { request as httpRequest } from 'node:http';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { RemoteRegistryResponse } from '@annie/contracts/remote-registry';
import type { CreatedDeployToken, RemoteReleases } from '@annie/contracts/remote-releases';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestClient } from '../../../test/test-client.ts';
import { grantHeaders } from './testing/grant.ts';
import { secondInstance } from './testing/second-instance.ts';
import { testBuild } from './testing/test-build.ts';
import { deploy, upload } from './testing/upload.ts';

const app = await startTestApp({ RELEASE_UPLOAD_MAX_BYTES: '200000', RELEASE_UPLOAD_MAX_FILES: '12' });
const two = await secondInstance(app);
let admin: TestClient;
let grant: Record<string, string>;
let knowledgeToken: string;

beforeAll(async () => {
  const adminUser = await app.createUser({ isAdmin: true });
  admin = await app.signedIn(adminUser);
  grant = await grantHeaders(admin, app.baseUrl, adminUser.password);
  knowledgeToken = await createToken('knowledge', 'knowledge-ci');
});

async function createToken(remote: string, name: string, expiresInDays?: number): Promise<string> {
  const response = await admin.request<CreatedDeployToken>('POST', '/api/remotes/tokens', {
    body: { remote, name, expiresInDays },
    headers: grant,
  });
  expect(response.status, response.text).toBe(201);
  return response.body.token;
}

const releasesOf = async (remote: string) =>
  (await admin.get<RemoteReleases>(`/api/remotes/releases?remote=${remote}`)).body;

describe('deploy tokens', () => {
  it('are shown once and stored hashed, with their last use recorded', async () => {
    const token = await createToken('lab', 'lab-ci', 30);
    expect(token).toMatch(/^annie_deploy_/);
    const { rows } = await app.pool.query<{
      token_hash: string;
      expires_at: Date;
      last_used_at: Date | null;
    }>("select token_hash, expires_at, last_used_at from remote_deploy_token where name = 'lab-ci'");
    expect(rows[0]?.token_hash).not.toContain(token.slice(13));
    expect(rows[0]?.last_used_at).toBeNull();
    expect(rows[0]?.expires_at.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const listed = (await admin.get<{ tokens: Record<string, unknown>[] }>('/api/remotes/tokens')).body
      .tokens;
    expect(JSON.stringify(listed)).not.toContain(token);
    await deploy(app.baseUrl, token, '/api/remotes/deploy/lab/rollback');
    const used = (
      await admin.get<{ tokens: { name: string; lastUsedAt: string | null }[] }>('/api/remotes/tokens')
    ).body.tokens;
    expect(used.find((entry) => entry.name === 'lab-ci')?.lastUsedAt).not.toBeNull();
  });

  it('release only their own remote: another remote, or any other API, is a 403', async () => {
    expect((await upload(app.baseUrl, knowledgeToken, 'voice', '1.0.0', testBuild('voice'))).status).toBe(
      403,
    );
    const activate = await deploy(app.baseUrl, knowledgeToken, '/api/remotes/deploy/voice/activate', {
      version: '1.0.0',
    });
    expect(activate.status).toBe(403);
    expect(activate.body.message).toBe('This deploy token releases knowledge only, not voice');
    for (const [method, path] of [
      ['GET', '/api/remotes'],
      ['GET', '/api/remotes/releases'],
      ['POST', '/api/remotes/releases/knowledge/activate'],
      ['POST', '/api/remotes/tokens'],
      ['GET', '/api/auth/user'],
      ['GET', '/api/knowledge/notes'],
      ['GET', '/api/openapi.json'],
    ] as const) {
      const response = await fetch(`${app.baseUrl}${path}`, {
        method,
        headers: { Authorization: `Bearer ${knowledgeToken}`, 'Content-Type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
    // Without a token, or with a made-up one, a deploy call is a 401.
    expect(
      (await fetch(`${app.baseUrl}/api/remotes/deploy/knowledge/rollback`, { method: 'POST' })).status,
    ).toBe(401);
    expect(
      (await deploy(app.baseUrl, 'annie_deploy_made-up', '/api/remotes/deploy/knowledge/rollback')).status,
    ).toBe(401);
  });

  it('upload, activate as a canary, promote: served from the database, each step naming the token', async () => {
    const files = testBuild('knowledge', { text: 'uploaded build' });
    const first = await upload(app.baseUrl, knowledgeToken, 'knowledge', '2.0.0', files);
    expect(first.status).toBe(201);
    // The same content again changes nothing; other content under that version is refused.
    expect((await upload(app.baseUrl, knowledgeToken, 'knowledge', '2.0.0', files)).status).toBe(200);
    const other = await upload(
      app.baseUrl,
      knowledgeToken,
      'knowledge',
      '2.0.0',
      testBuild('knowledge', { text: 'other' }),
    );
    expect(other.status).toBe(409);
    expect(other.body.message).toContain('already published with other content');

    expect(
      (
        await deploy(app.baseUrl, knowledgeToken, '/api/remotes/deploy/knowledge/activate', {
          version: '2.0.0',
          percent: 10,
        })
      ).status,
    ).toBe(200);
    expect((await releasesOf('knowledge')).remotes[0]?.canary).toEqual({ version: '2.0.0', percent: 10 });
    // The second key: the token's promote waits for an operator administrator's approval.
    const waiting = await deploy(app.baseUrl, knowledgeToken, '/api/remotes/deploy/knowledge/promote');
    expect(waiting.status).toBe(403);
    expect(waiting.body.message).toContain('remote:approve knowledge 2.0.0');
    const approved = await admin.request('POST', '/api/remotes/releases/knowledge/approve', {
      body: { version: '2.0.0' },
      headers: grant,
    });
    expect(approved.status).toBe(200);
    expect((await deploy(app.baseUrl, knowledgeToken, '/api/remotes/deploy/knowledge/promote')).status).toBe(
      200,
    );
    const registry = (await app.client().get<RemoteRegistryResponse>('/api/remotes')).body;
    expect(registry.remotes.find((remote) => remote.name === 'knowledge')).toEqual({
      name: 'knowledge',
      entry: '/remotes/knowledge/2.0.0/mf-manifest.json',
      version: '2.0.0',
    });
    const entry = await fetch(`${two.baseUrl}/remotes/knowledge/2.0.0/remoteEntry.js`);
    expect(entry.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(entry.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await entry.text()).toBe('/* uploaded build */');

    const state = await releasesOf('knowledge');
    const actor = state.audit[0]?.actor;
    expect(actor).toMatch(/^token:knowledge-ci \([0-9a-f]{8}\)$/);
    expect(state.remotes[0]?.releases[0]?.publishedBy).toBe(actor);
    const adminName = state.audit.find((entry) => entry.action === 'approve')?.actor;
    expect(
      state.audit.filter((entry) => entry.version === '2.0.0').map((entry) => [entry.action, entry.actor]),
    ).toEqual([
      ['activate', actor],
      ['approve', adminName],
      ['canary', actor],
      ['publish', actor],
    ]);
    expect(adminName).not.toMatch(/^token:/);
  });

  it('are refused on every instance as soon as they expire or are revoked', async () => {
    const revoked = await createToken('lab', 'to-revoke');
    const expiring = await createToken('lab', 'to-expire');
    expect((await deploy(two.baseUrl, revoked, '/api/remotes/deploy/lab/rollback')).status).not.toBe(401);
    const { tokens } = (await admin.get<{ tokens: { id: string; name: string }[] }>('/api/remotes/tokens'))
      .body;
    const id = tokens.find((token) => token.name === 'to-revoke')?.id;
    expect((await admin.post(`/api/remotes/tokens/${id}/revoke`)).status).toBe(204);
    for (const baseUrl of [app.baseUrl, two.baseUrl])
      expect((await deploy(baseUrl, revoked, '/api/remotes/deploy/lab/rollback')).status).toBe(401);

    await app.pool.query("update remote_deploy_token set expires_at = now() where name = 'to-expire'");
    for (const baseUrl of [two.baseUrl, app.baseUrl]) {
      const refused = await deploy(baseUrl, expiring, '/api/remotes/deploy/lab/rollback');
      expect(refused.status).toBe(401);
      expect(refused.body.message).toBe('The deploy token is unknown, expired or revoked');
    }
  });
});

describe('uploads', () => {
  it('refuse a .br or .gz copy that is not its original compressed, or has no original', async () => {
    const script = Buffer.from('export const page = 1;');
    const build = [...testBuild('knowledge'), { path: 'static/js/page.js', content: script }];
    const other = await upload(app.baseUrl, knowledgeToken, 'knowledge', '3.5.0', [
      ...build,
      { path: 'static/js/page.js.br', content: brotliCompressSync(Buffer.from('alert(document.cookie)')) },
      { path: 'static/js/page.js.gz', content: gzipSync(script) },
      { path: 'static/js/orphan.js.gz', content: gzipSync(script) },
    ]);
    expect(other.status).toBe(400);
    expect(other.body.message).toBe(
      'Cannot publish: static/js/page.js.br is not static/js/page.js compressed; static/js/orphan.js.gz is a compressed copy of static/js/orphan.js, which the build does not hold',
    );
    const good = await upload(app.baseUrl, knowledgeToken, 'knowledge', '3.5.0', [
      ...build,
      { path: 'static/js/page.js.br', content: brotliCompressSync(script) },
    ]);
    expect(good.status).toBe(201);
  });

  it('refuse a file type a remote build does not hold, naming it, and publish nothing', async () => {
    const response = await upload(app.baseUrl, knowledgeToken, 'knowledge', '3.0.0', [
      ...testBuild('knowledge'),
      { path: 'index.html', content: Buffer.from('<script>alert(1)</script>') },
    ]);
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('Cannot publish the file index.html');
    expect(
      (await releasesOf('knowledge')).remotes[0]?.releases.map((release) => release.version),
    ).not.toContain('3.0.0');
  });

  it('refuse a build that does not fit the shell, too many files and too many bytes', async () => {
    const react18 = await upload(
      app.baseUrl,
      knowledgeToken,
      'knowledge',
      '3.1.0',
      testBuild('knowledge', { shared: { react: '18.3.1' } }),
    );
    expect(react18.status).toBe(422);
    expect(react18.body.message).toContain("react 18.3.1 cannot be served by the shell's react");
    const many = [
      ...testBuild('knowledge'),
      ...Array.from({ length: 10 }, (_, index) => ({
        path: `static/js/${index}.js`,
        content: Buffer.from('1'),
      })),
    ];
    expect((await upload(app.baseUrl, knowledgeToken, 'knowledge', '3.2.0', many)).status).toBe(413);
    const big = [...testBuild('knowledge'), { path: 'static/js/big.js', content: Buffer.alloc(300_000, 97) }];
    expect((await upload(app.baseUrl, knowledgeToken, 'knowledge', '3.3.0', big)).status).toBe(413);
  });

  it('cut off half way leaves nothing published', async () => {
    const form = new FormData();
    form.append('version', '4.0.0');
    for (const file of testBuild('knowledge'))
      form.append(file.path, new Blob([new Uint8Array(file.content)]), 'f');
    const encoded = new Request('http://x/', { method: 'POST', body: form });
    const body = Buffer.from(await encoded.arrayBuffer());
    const half = body.subarray(0, Math.floor(body.length / 2));
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(
        `${app.baseUrl}/api/remotes/deploy/knowledge/releases`,
        {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${knowledgeToken}`,
            'Content-Type': encoded.headers.get('content-type') ?? '',
            'Content-Length': String(half.length),
          },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      request.end(half);
    });
    expect(status).toBe(400);
    const { rows } = await app.pool.query(
      "select 1 from remote_release where remote = 'knowledge' and version = '4.0.0'",
    );
    expect(rows).toHaveLength(0);
  });
});
