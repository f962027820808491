import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SINGLETON_PACKAGES, SINGLETON_SUBPATHS } from '@annie/contracts/shared-singletons';
import type { moduleFederationPlugin } from '@module-federation/enhanced';
import { SHARED_SURFACES, writeSurfaceModule } from './shared-surface.ts';

type SharedObject = moduleFederationPlugin.SharedObject;

// The one list lives with the contracts, where the API's gate for published remotes reads it too.
export { SINGLETON_PACKAGES, SINGLETON_SUBPATHS };

/**
 * Workspace folders whose files are shared one by one, each as its own singleton (listed from the
 * folder's files, since a trailing-slash share makes the bundler's Node resolve a deprecated
 * folder mapping: DEP0155). Only the UI kit's toasts: their store is module state every app must share,
 * so that a toast raised in a remote shows in the shell's Toaster. The rest of the UI kit and the API
 * client hold no state and are bundled into each app that imports them: sharing a file costs every page
 * load the federation runtime's registration and version resolution of it (the signed-in first load
 * resolved 22 shared modules, 14 of them UI files of a few hundred bytes each), and a shared file is a
 * chunk of its own carrying its own copy of what it imports relatively.
 */
const WORKSPACE_FOLDERS = [{ packageName: '@annie/ui', folder: 'toast' }] as const;

/** `<package>/<folder>/<name>` for each module file in the package's `src/<folder>` (tests left out). */
function workspaceFiles(appDir: string, packageName: string, folder: string): string[] {
  const dir = join(appDir, 'node_modules', packageName, 'src', folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => `${packageName}/${folder}/${file.replace(/\.tsx?$/, '')}`);
}

function installedVersion(appDir: string, packageName: string): string {
  const manifestPath = join(appDir, 'node_modules', packageName, 'package.json');
  let manifest: { version?: unknown };
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { version?: unknown };
  } catch (error) {
    throw new Error(`shared singletons: ${packageName} is not installed for ${appDir}`, { cause: error });
  }
  if (typeof manifest.version !== 'string') {
    throw new Error(`shared singletons: ${manifestPath} has no version`);
  }
  return manifest.version;
}

type SharedConfig = Exclude<SharedObject[string], string>;

function singleton(version: string): SharedConfig {
  // An explicit version: left to MF, pnpm's `catalog:`/`workspace:*` specifiers leak through as literal
  // versions, and @radix-ui/themes' ESM folder has a package.json without a version. No required range:
  // a singleton without strictVersion is the first-loaded (the shell's) copy whatever range an app asks
  // for, so a range changed nothing but a console warning, while checking it cost the federation runtime
  // a semver parse for every shared module on every page load (dropping it cut the signed-in home's
  // Lighthouse total blocking time by a third: docs/benchmarks.md "Figures behind code choices"). Every
  // app is built from the one lockfile, so their versions are the same anyway.
  return { singleton: true, version, requiredVersion: false, strictVersion: false };
}

/**
 * The ONE Module Federation `shared` map of every app (shell and remotes): React, the router, react-query,
 * Radix Themes, zod and the UI kit's toasts, each a singleton with an explicit version, resolved from
 * what is installed for `appDir`.
 */
export function sharedSingletons(appDir: string): SharedObject {
  const shared: SharedObject = {};
  for (const name of SINGLETON_PACKAGES) {
    const config = singleton(installedVersion(appDir, name));
    const surface = SHARED_SURFACES[name];
    // A large package is shared as the part of it the product uses (shared-surface.ts).
    shared[name] = surface ? { ...config, import: writeSurfaceModule(appDir, name, surface) } : config;
  }
  for (const [subpath, owner] of Object.entries(SINGLETON_SUBPATHS)) {
    shared[subpath] = singleton(installedVersion(appDir, owner));
  }
  for (const { packageName, folder } of WORKSPACE_FOLDERS) {
    for (const file of workspaceFiles(appDir, packageName, folder)) {
      // Workspace packages carry no version; the whole repository is one release, so 0.0.0 is honest.
      shared[file] = { singleton: true, version: '0.0.0', requiredVersion: false, strictVersion: false };
    }
  }
  return shared;
}

/** The version of each shared singleton (and singleton subpath) installed for `appDir`. */
export function singletonVersions(appDir: string): Record<string, string> {
  const versions: Record<string, string> = {};
  for (const name of SINGLETON_PACKAGES) versions[name] = installedVersion(appDir, name);
  for (const [subpath, owner] of Object.entries(SINGLETON_SUBPATHS))
    versions[subpath] = installedVersion(appDir, owner);
  return versions;
}
