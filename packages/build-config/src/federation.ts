import type { moduleFederationPlugin } from '@module-federation/enhanced';
import { sharedSingletons } from './shared-singletons.ts';

type FederationOptions = moduleFederationPlugin.ModuleFederationPluginOptions;

function common(appDir: string): FederationOptions {
  return {
    shared: sharedSingletons(appDir),
    // 'version-first' would fetch every registered remote's entry at start-up to compare versions;
    // the shell must render (and the login screen load) without touching any remote.
    shareStrategy: 'loaded-first',
    // Types are checked with tsc against the workspace sources; no @mf-types download or emission.
    dts: false,
  };
}

/**
 * The host's shared singletons are eager: they are in app.js itself (react-dom in the initial chunk beside
 * it, shell/rspack.config.ts) rather than one request each (the signed-in first render needs every one of
 * them anyway); remotes still take them from the share scope.
 */
function eagerly(shared: moduleFederationPlugin.SharedObject): moduleFederationPlugin.SharedObject {
  const eager: moduleFederationPlugin.SharedObject = {};
  for (const [name, config] of Object.entries(shared)) {
    eager[name] = typeof config === 'object' ? { ...config, eager: true } : config;
  }
  return eager;
}

/** Federation options of the host: no static remotes (they come from GET /api/remotes at run time). */
export function hostFederation(appDir: string): FederationOptions {
  const base = common(appDir);
  return {
    ...base,
    shared: eagerly(base.shared as moduleFederationPlugin.SharedObject),
    name: 'shell',
    remotes: {},
    manifest: false,
    experiments: {
      // Production remotes are built without their own copy of the runtime core and use this one; it is
      // provided in dev too, so the dev shell can mount a remote's production build.
      provideExternalRuntime: true,
      optimization: { target: 'web' },
    },
  };
}

/** Federation options of a remote: its exposes, a manifest (`mf-manifest.json`) and `remoteEntry.js`. */
export function remoteFederation(
  appDir: string,
  production: boolean,
  remote: { name: string; exposes: Record<string, string> },
): FederationOptions {
  return {
    ...common(appDir),
    name: remote.name,
    filename: 'remoteEntry.js',
    exposes: remote.exposes,
    manifest: true,
    experiments: {
      // Standalone dev mounts the remote as its own host, which needs the runtime core in its bundle.
      externalRuntime: production,
      optimization: { target: 'web' },
    },
  };
}
