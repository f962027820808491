import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestClient } from '../../../test/test-client.ts';
import { canaryBucket } from '../../http/remote-registry.ts';
import { publishRelease } from '../remote-releases/release.service.ts';
import { publishHostOf } from '../remote-releases/remote-releases.module.ts';
import { type ReleaseUser, signedInUsers } from '../remote-releases/testing/release-users.ts';
import { testBuild } from '../remote-releases/testing/test-build.ts';
import { AFTER_PAINT_SCRIPT_HASH, APPEARANCE_SCRIPT_HASH } from './first-paint-markup.ts';
import { firstPaintFile, hashOf, testFirstPaint } from './testing/test-first-paint.ts';

// The first HTML of the signed-in home page, with the registry's releases in the real PostgreSQL: a
// voice build is published and activated (then a canary) while the API runs, and each user's first
// HTML carries the first paint of the version that user gets, its script admitted by that response's CSP.

const APP_HTML =
  '<!doctype html><html><head><title>AnnieAI</title><script defer src="/app/app.js"></script></head><body><div id="root"><div class="boot-spinner" role="status" aria-label="Loading"></div></div></body></html>';

const root = await mkdtemp(join(tmpdir(), 'annie-first-paint-release-'));
const staticDirs = { shellDir: join(root, 'shell'), remoteDirs: { voice: join(root, 'voice') } };
await mkdir(staticDirs.shellDir, { recursive: true });
await mkdir(staticDirs.remoteDirs.voice, { recursive: true });
await writeFile(join(staticDirs.shellDir, 'index.html'), '<!doctype html><h1>AnnieAI Login</h1>');
await writeFile(join(staticDirs.shellDir, 'app.html'), APP_HTML);
// The in-repo build (remotes/voice/dist), which users get while no release is active.
await writeFile(
  join(staticDirs.remoteDirs.voice, 'first-paint.json'),
  firstPaintFile(testFirstPaint('deployed build')).content,
);

const app = await startTestApp({ ASSISTANT_NAME: 'Edmund' }, { staticDirs });
let admin: TestClient;
let canaryUser: ReleaseUser;
let otherUser: ReleaseUser;

beforeAll(async () => {
  admin = await app.signedIn(await app.createUser({ isAdmin: true }));
  const users: ReleaseUser[] = [];
  // Users until one falls in a 50 % canary of voice and one does not (each user's bucket is fixed).
  while (!users.some(inCanary) || users.every(inCanary)) users.push(...(await signedInUsers(app, 4)));
  canaryUser = users.find(inCanary) as ReleaseUser;
  otherUser = users.find((user) => !inCanary(user)) as ReleaseUser;
});

const inCanary = (user: ReleaseUser) => canaryBucket(user.id, 'voice') < 50;

function publish(version: string, firstPaint?: unknown) {
  const files = [
    ...testBuild('voice', { text: version }),
    ...(firstPaint ? [firstPaintFile(firstPaint)] : []),
  ];
  return publishRelease(
    app.pool,
    { remote: 'voice', version, publishedBy: 'test', storage: 'database', files },
    publishHostOf(app.config),
  );
}

async function activate(version: string, percent?: number) {
  const response = await admin.post('/api/remotes/releases/voice/activate', { version, percent });
  expect(response.status, response.text).toBe(200);
}

/** The home page's first HTML as `user`'s browser gets it, and the inline scripts its CSP admits. */
async function home(user: ReleaseUser) {
  const response = await user.client.get('/', { headers: { Accept: 'text/html' } });
  expect(response.status).toBe(200);
  const policy = response.headers.get('content-security-policy') ?? '';
  return { html: response.text, scripts: /script-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? [] };
}

const hashOfBuild = (mark: string) => testFirstPaint(mark).scriptHashes[0] as string;

describe("the first HTML of the home page carries the first paint of the user's voice version", () => {
  it("is the deployed build's while no release is active", async () => {
    const page = await home(otherUser);
    expect(page.html).toContain("<h2>Hello, I'm Edmund</h2><p>deployed build</p>");
    expect(page.scripts).toContain(hashOfBuild('deployed build'));
  });

  it("is a published version's once it is activated, with no restart, and its script admitted", async () => {
    await publish('1.0.0', testFirstPaint('release one'));
    expect((await home(otherUser)).html).toContain('deployed build');
    await activate('1.0.0');
    for (const user of [canaryUser, otherUser]) {
      const page = await home(user);
      expect(page.html).toContain("<h2>Hello, I'm Edmund</h2><p>release one</p>");
      expect(page.html).not.toContain('deployed build');
      expect(page.scripts).toContain(hashOfBuild('release one'));
      expect(page.scripts).not.toContain(hashOfBuild('deployed build'));
    }
  });

  it("is the canary's for a user in the canary's share, and the active version's for the others", async () => {
    await publish('2.0.0', testFirstPaint('release two'));
    await activate('2.0.0', 50);
    const canary = await home(canaryUser);
    expect(canary.html).toContain('<p>release two</p>');
    expect(canary.scripts).toContain(hashOfBuild('release two'));
    expect(canary.scripts).not.toContain(hashOfBuild('release one'));
    const other = await home(otherUser);
    expect(other.html).toContain('<p>release one</p>');
    expect(other.scripts).toContain(hashOfBuild('release one'));
    expect(other.scripts).not.toContain(hashOfBuild('release two'));
    // Sticky: the same answer on the next load.
    expect((await home(canaryUser)).html).toContain('<p>release two</p>');
    // The page's remote is the same version (GET /api/remotes), so the first paint hands over to its own page.
    const registry = await canaryUser.client.get('/api/remotes');
    expect(registry.body.remotes.find((remote: { name: string }) => remote.name === 'voice')?.version).toBe(
      '2.0.0',
    );
  });

  it("is none (the spinner) for a version whose build has no first paint, never another version's", async () => {
    await publish('3.0.0');
    await activate('3.0.0');
    const page = await home(otherUser);
    expect(page.html).toBe(APP_HTML);
    // Only the hashes every page may carry (the after-paint and appearance scripts): no first paint's.
    expect(page.scripts.filter((source) => source.startsWith("'sha256-")).sort()).toEqual(
      [AFTER_PAINT_SCRIPT_HASH, APPEARANCE_SCRIPT_HASH].sort(),
    );
  });

  it('refuses at publish a first paint that does not pass, naming what is wrong', async () => {
    const bad = { ...testFirstPaint('bad'), scriptHashes: [hashOf('another script')] };
    await expect(publish('4.0.0', bad)).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining('first-paint.json: an inline script has no hash in scriptHashes'),
    });
    await expect(publish('4.0.1', { ...testFirstPaint('bad'), remote: 'lab' })).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining('first paint of "lab"'),
    });
  });
});
