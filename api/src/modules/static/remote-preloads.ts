import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { publicRouteFor } from '@annie/api-client/contracts/routes';

/** A remote as the registry gives it (GET /api/modules). */
type RegistryRemote = { name: string; entry: string };

/** What the federation runtime fetches from a remote for its `./app` module, beside the manifest. */
type AppAssets = { files: { path: string; as: 'script' | 'style' }[] };

type ManifestJson = {
  metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: { path?: unknown; assets?: { js?: { sync?: unknown }; css?: { sync?: unknown } } }[];
};

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** The entry script and the `./app` expose's own JS and CSS a remote's mf-manifest.json names. */
function appAssetsOf(manifest: ManifestJson): AppAssets | null {
  const entry = manifest.metaData?.remoteEntry;
  if (typeof entry?.name !== 'string') return null;
  const entryPath = typeof entry.path === 'string' && entry.path ? `${entry.path.replace(/\/$/, '')}/` : '';
  const app = manifest.exposes?.find((expose) => expose.path === './app');
  return {
    files: [
      { path: `${entryPath}${entry.name}`, as: 'script' },
      ...strings(app?.assets?.js?.sync).map((path) => ({ path, as: 'script' as const })),
      ...strings(app?.assets?.css?.sync).map((path) => ({ path, as: 'style' as const })),
    ],
  };
}

/**
 * The Link header values (`rel=preload`) for what the signed-in page opened at a path fetches from its
 * route's remote before it can render: the manifest, the remote's entry and its `./app` chunks. Without
 * them those are three round trips in a row after app.js has run; with them they load beside app.js.
 * Only for a remote this server serves from its build (an entry under /remotes/<name>/), whose manifest
 * is read from disk (again whenever it changes, so a redeployed remote is preloaded as it now is).
 */
export function remotePreloads(remotes: readonly RegistryRemote[], remoteDirs: Record<string, string>) {
  const read = new Map<string, { mtimeMs: number; assets: AppAssets | null }>();
  function assetsAt(file: string): AppAssets | null {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return null;
    }
    const cached = read.get(file);
    if (cached?.mtimeMs === mtimeMs) return cached.assets;
    let assets: AppAssets | null = null;
    try {
      assets = appAssetsOf(JSON.parse(readFileSync(file, 'utf8')) as ManifestJson);
    } catch {
      // A manifest being replaced or not JSON: no preloads; the page loads it as usual.
    }
    read.set(file, { mtimeMs, assets });
    return assets;
  }

  return function preloadsFor(pathname: string): string[] {
    const route = publicRouteFor(pathname);
    const remote = route && route.module === './app' && remotes.find((r) => r.name === route.remote);
    const dir = remote && remoteDirs[remote.name];
    const base = remote ? `/remotes/${remote.name}/` : '';
    if (!remote || !dir || !remote.entry.startsWith(base) || !remote.entry.endsWith('.json')) return [];
    const assets = assetsAt(join(dir, remote.entry.slice(base.length)));
    if (!assets) return [];
    const folder = remote.entry.slice(0, remote.entry.lastIndexOf('/') + 1);
    return [
      // The runtime fetch()es the manifest (CORS mode, same-origin credentials: `crossorigin`).
      `<${remote.entry}>; rel=preload; as=fetch; crossorigin`,
      ...assets.files.map((file) => `<${folder}${file.path}>; rel=preload; as=${file.as}`),
    ];
  };
}
