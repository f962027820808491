import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { REMOTE_PAGES, type RemoteName } from '@annie/contracts/remotes';
import { REPO_ROOT } from '../../../runtime.ts';
import { hostSharedVersions } from '../host-shared.ts';
import type { UploadedFile } from '../release.service.ts';

export const HOST_SHARED = hostSharedVersions(join(REPO_ROOT, 'shell/dist'), join(REPO_ROOT, 'shell'));

type BuildOptions = {
  /** Shared package versions replacing the host's. */
  shared?: Record<string, string>;
  /** Shared packages left out. */
  without?: string[];
  exposes?: string[];
  pages?: string[];
  name?: string;
  /** The text its entry carries (tells two builds apart). */
  text?: string;
};

/** The files of a minimal build of `remote`, shaped as the federation plugin writes them (mf-manifest.json). */
export function testBuild(remote: RemoteName, options: BuildOptions = {}): UploadedFile[] {
  const versions = { ...HOST_SHARED, ...options.shared };
  const manifest = {
    id: options.name ?? remote,
    name: options.name ?? remote,
    metaData: {
      name: remote,
      globalName: remote,
      publicPath: 'auto',
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
    },
    shared: Object.entries(versions)
      .filter(([name]) => !options.without?.includes(name))
      .map(([name, version]) => ({ id: `${remote}:${name}`, name, version, singleton: true })),
    remotes: [],
    exposes: (options.exposes ?? (remote === 'voice' ? ['./app', './console'] : ['./app'])).map((path) => ({
      id: `${remote}:${path.slice(2)}`,
      name: path.slice(2),
      path,
    })),
  };
  const declaration = { name: remote, pages: { './app': options.pages ?? [...REMOTE_PAGES[remote]] } };
  return [
    { path: 'mf-manifest.json', content: Buffer.from(JSON.stringify(manifest)) },
    { path: 'annie-remote.json', content: Buffer.from(JSON.stringify(declaration)) },
    { path: 'remoteEntry.js', content: Buffer.from(`/* ${options.text ?? remote} */`) },
  ];
}

/** Writes a build's files into a fresh folder (a `dist/` for remote:publish). */
export function writeBuild(files: UploadedFile[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'annie-build-'));
  for (const file of files) {
    mkdirSync(dirname(join(dir, file.path)), { recursive: true });
    writeFileSync(join(dir, file.path), file.content);
  }
  return dir;
}
