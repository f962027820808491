import { REMOTE_PAGES, type RemoteName } from '@annie/contracts/remotes';
import type { Configuration } from '@rspack/core';
import { compiledSurfaceNeeds } from './compiled-surface-needs.ts';
import { remoteFederation } from './federation.ts';
import { type FirstPaintDefinition, firstPaintBuild } from './first-paint.ts';
import { jsonAsset } from './json-asset.ts';
import { createAppConfig } from './rspack-base.ts';

/** What differs between the remotes: everything else (build, federation, dev server) is shared. */
export interface RemoteDefinition {
  /** The remote's package directory (`import.meta.dirname` of its rspack.config.ts). */
  appDir: string;
  /** Its name in the remote list (`@annie/contracts/remotes`); also its federation name. */
  name: RemoteName;
  /** Federated modules: `./app` (the page map the shell's route table picks from) and any others. */
  exposes: { './app': string } & Record<string, string>;
  /**
   * The page it paints into the signed-in page's HTML before any script runs (first-paint.json, written in
   * production builds only): the API inlines the first paint of the version each user gets.
   */
  firstPaint?: FirstPaintDefinition;
}

/** The file beside mf-manifest.json naming the pages of the build's `./app`. */
export const REMOTE_DECLARATION_FILE = 'annie-remote.json';

/** How the federation plugin names the chunk of each exposed module (`__federation_expose_app`). */
const EXPOSE_CHUNK_PREFIX = '__federation_expose_';

const titleCase = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * The whole rspack configuration of a remote (its rspack.config.ts is one call of this): the shared app
 * build with `src/index.ts` as entry, its Module Federation container and, in development only, a
 * standalone page on its dev port (in production the shell mounts the remote). With a first paint, in
 * production, two compilations: the Node one rendering it, then the remote's, which writes it.
 */
export function remoteConfig(
  remote: RemoteDefinition,
  production = process.env.NODE_ENV === 'production',
): Configuration | Configuration[] {
  const firstPaint =
    production && remote.firstPaint
      ? firstPaintBuild(remote.appDir, remote.name, remote.firstPaint)
      : undefined;
  const config = createAppConfig(
    {
      appDir: remote.appDir,
      app: remote.name,
      entry: { main: './src/index.ts' },
      // A build must run from wherever it is published (/remotes/<name>/, a release's
      // /remotes/<name>/<version>/, a CDN): its chunks are found relative to the manifest it was loaded
      // from. Module Federation notes this in the build log ("publicPath='auto'"), which is as intended.
      publicPath: 'auto',
      htmlTitle: production ? undefined : `AnnieAI · ${titleCase(remote.name)} (standalone)`,
      federation: remoteFederation(remote.appDir, production, { name: remote.name, exposes: remote.exposes }),
    },
    production,
  );
  const build: Configuration = {
    ...config,
    dependencies: firstPaint ? [firstPaint.compilation.name ?? ''] : undefined,
    plugins: [
      ...(config.plugins ?? []),
      // The pages this build's `./app` exports (held to the remote list by its export-app.tsx), and the
      // names its code takes from each shared surface: when the build is published, the API's
      // compatibility gate checks the pages against the route table and refuses a build needing a name
      // the shell's shared module does not provide, naming it (shared-surface.ts).
      jsonAsset(REMOTE_DECLARATION_FILE, (compilation) => ({
        name: remote.name,
        pages: { './app': REMOTE_PAGES[remote.name] },
        surfaces: compiledSurfaceNeeds(compilation),
      })),
      firstPaint?.asset,
    ],
    optimization: {
      ...config.optimization,
      splitChunks: {
        // The default (async chunks only), except an exposed module's own chunk, whose modules stay in
        // it: the federation runtime fetches that chunk beside remoteEntry.js (mf-manifest.json lists it),
        // but not a chunk split off it, which was fetched only once the chunk had run, a round trip later
        // (the home page's icons and shared code, on the first screen after sign-in).
        chunks: (chunk) => !chunk.canBeInitial() && !chunk.name?.startsWith(EXPOSE_CHUNK_PREFIX),
      },
    },
  };
  return firstPaint ? [firstPaint.compilation, build] : build;
}
