import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstScreenFiles } from './first-screen-size.ts';

async function build(files: Record<string, string | number>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'annie-first-screen-'));
  for (const [path, content] of Object.entries(files)) {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), typeof content === 'number' ? 'x'.repeat(content) : content);
  }
  return root;
}

const MANIFEST = JSON.stringify({
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    { path: './console', assets: { js: { sync: ['console.1.js'] }, css: { sync: [] } } },
    { path: './app', assets: { js: { sync: ['app.2.js'] }, css: { sync: ['app.3.css'] } } },
  ],
});

describe('firstScreenFiles', () => {
  it("counts the app page, what it references and the home module's files, each as the server sends it", async () => {
    const root = await build({
      'shell/app.html':
        '<link rel="stylesheet" href="/app/app.css"><link rel="preload" href="/api/remotes" as="fetch"><script defer src="/app/app.js"></script>',
      'shell/app/app.js': 9000,
      'shell/app/app.js.br': 3000,
      'shell/app/app.js.gz': 3500,
      'shell/app/app.css': 800,
      'shell/app/app.css.gz': 300,
      'voice/mf-manifest.json': MANIFEST,
      'voice/remoteEntry.js': 700,
      'voice/app.2.js': 500,
      'voice/app.2.js.br': 200,
      'voice/app.3.css': 100,
      'voice/console.1.js': 99_999,
    });
    const files = firstScreenFiles({
      shellDist: join(root, 'shell'),
      homeRemote: { name: 'voice', dist: join(root, 'voice'), module: './app' },
    });
    expect(files.map(({ url, bytes, encoding }) => `${url} ${bytes} ${encoding}`)).toEqual([
      `/ 135 none`,
      '/app/app.js 3000 br',
      '/app/app.css 300 gzip',
      `/remotes/voice/mf-manifest.json ${MANIFEST.length} none`,
      '/remotes/voice/remoteEntry.js 700 none',
      '/remotes/voice/app.2.js 200 br',
      '/remotes/voice/app.3.css 100 none',
    ]);
  });

  it('refuses a build that lacks a file the page references', async () => {
    const root = await build({
      'shell/app.html': '<script defer src="/app/app.js"></script>',
      'voice/mf-manifest.json': MANIFEST,
    });
    expect(() =>
      firstScreenFiles({
        shellDist: join(root, 'shell'),
        homeRemote: { name: 'voice', dist: join(root, 'voice'), module: './app' },
      }),
    ).toThrow(/\/app\/app.js is not in the build/);
  });
});
