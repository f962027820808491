import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { RemoteManifest } from './remote-preloads.ts';

const DEPLOYED_MANIFEST = /^\/remotes\/([a-z]+)\/mf-manifest\.json$/;

/**
 * Reads the manifest of a remote's deployed build (`/remotes/<name>/mf-manifest.json` from its build
 * folder), kept while the file is unchanged (a redeploy replaces it). Any other entry (a published
 * release, another origin) is undefined: the page then gets the manifest's preload only.
 */
export function deployedManifests(remoteDirs: Record<string, string>) {
  const cache = new Map<string, { mtimeMs: number; manifest: RemoteManifest | undefined }>();
  return function manifestAt(entry: string): RemoteManifest | undefined {
    const dir = remoteDirs[DEPLOYED_MANIFEST.exec(entry)?.[1] ?? ''];
    if (!dir) return undefined;
    const file = join(dir, 'mf-manifest.json');
    try {
      const { mtimeMs } = statSync(file);
      const cached = cache.get(file);
      if (cached?.mtimeMs === mtimeMs) return cached.manifest;
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as RemoteManifest;
      cache.set(file, { mtimeMs, manifest });
      return manifest;
    } catch {
      return undefined;
    }
  };
}
