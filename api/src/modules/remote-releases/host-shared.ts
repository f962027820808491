import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SINGLETON_PACKAGES, SINGLETON_SUBPATHS } from '@annie/contracts/shared-singletons';

/**
 * The version of each shared singleton the shell serves: what its build wrote (`app/host-shared.json`,
 * the build's own reading of them), else, with no shell build (development, API tests), what is
 * installed for the shell in the repository.
 */
export function hostSharedVersions(shellDist: string, shellPackageDir: string): Record<string, string> {
  try {
    return JSON.parse(readFileSync(join(shellDist, 'app', 'host-shared.json'), 'utf8')) as Record<
      string,
      string
    >;
  } catch {
    const versions: Record<string, string> = {};
    const read = (name: string) =>
      (
        JSON.parse(readFileSync(join(shellPackageDir, 'node_modules', name, 'package.json'), 'utf8')) as {
          version: string;
        }
      ).version;
    for (const name of SINGLETON_PACKAGES) {
      try {
        versions[name] = read(name);
      } catch {
        // Not installed here: that package is left unchecked.
      }
    }
    for (const [subpath, owner] of Object.entries(SINGLETON_SUBPATHS))
      if (versions[owner]) versions[subpath] = versions[owner];
    return versions;
  }
}

/**
 * What the shell's shared module of each surfaced package provides (its build's `app/host-surfaces.json`:
 * export names, and a namespace's members as `z.object`); undefined without a shell build that wrote it,
 * when a remote's needs cannot be checked.
 */
export function hostSurfaces(shellDist: string): Record<string, string[]> | undefined {
  try {
    return JSON.parse(readFileSync(join(shellDist, 'app', 'host-surfaces.json'), 'utf8')) as Record<
      string,
      string[]
    >;
  } catch {
    return undefined;
  }
}
