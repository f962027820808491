import type { RemoteName } from '@annie/api-client/contracts/remotes';
import type { Configuration } from '@rspack/core';
import { remoteFederation } from './federation.ts';
import { createAppConfig } from './rspack-base.ts';

/** What differs between the remotes: everything else (build, federation, dev server) is shared. */
export interface RemoteDefinition {
  /** The remote's package directory (`import.meta.dirname` of its rspack.config.ts). */
  appDir: string;
  /** Its name in the remote list (`@annie/api-client/contracts/remotes`); also its federation name. */
  name: RemoteName;
  /** Federated modules: `./app` (the page map the shell's route table picks from) and any others. */
  exposes: { './app': string } & Record<string, string>;
}

const titleCase = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * The whole rspack configuration of a remote (its rspack.config.ts is one call of this): the shared app
 * build with `src/index.ts` as entry, its Module Federation container and, in development only, a
 * standalone page on its dev port (in production the shell mounts the remote).
 */
export function remoteConfig(
  remote: RemoteDefinition,
  production = process.env.NODE_ENV === 'production',
): Configuration {
  return createAppConfig(
    {
      appDir: remote.appDir,
      app: remote.name,
      entry: { main: './src/index.ts' },
      publicPath: 'auto',
      htmlTitle: production ? undefined : `AnnieAI · ${titleCase(remote.name)} (standalone)`,
      federation: remoteFederation(remote.appDir, production, { name: remote.name, exposes: remote.exposes }),
    },
    production,
  );
}
