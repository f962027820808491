import { publicRouteFor } from '@annie/api-client/contracts/routes';
import type { Context } from 'koa';

/** A remote as the registry gives a user (GET /api/modules). */
export type RegistryRemote = { name: string; entry: string };

/** The parts of a remote's mf-manifest.json read here: its entry script and each exposed module's files. */
export type RemoteManifest = {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: { path?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
};

type PreloadSources = {
  /** The remotes this request's user gets (their canary share included). */
  remotes: (ctx: Context) => readonly RegistryRemote[] | Promise<readonly RegistryRemote[]>;
  /** The manifest at a same-origin entry path, when the server can read it; undefined otherwise. */
  manifest?: (entry: string) => RemoteManifest | undefined | Promise<RemoteManifest | undefined>;
};

const sameOriginPath = (url: string) => url.startsWith('/') && !url.startsWith('//');

/** The files the federation runtime loads for `module` of a remote, as Link values, from its manifest. */
function moduleFiles(entry: string, manifest: RemoteManifest, module: string): string[] {
  const publicPath = manifest.metaData?.publicPath ?? 'auto';
  // `auto`: the remote's files sit beside its entry script, which sits beside the manifest.
  const base = publicPath === 'auto' ? entry.slice(0, entry.lastIndexOf('/') + 1) : publicPath;
  if (!sameOriginPath(base)) return [];
  const remoteEntry = manifest.metaData?.remoteEntry;
  const exposed = manifest.exposes?.find((candidate) => candidate.path === module);
  if (!remoteEntry?.name || !exposed) return [];
  const entryScript = `${base}${remoteEntry.path ? `${remoteEntry.path.replace(/\/?$/, '/')}` : ''}${remoteEntry.name}`;
  return [
    `<${entryScript}>; rel=preload; as=script`,
    ...(exposed.assets?.js?.sync ?? []).map((file) => `<${base}${file}>; rel=preload; as=script`),
    ...(exposed.assets?.css?.sync ?? []).map((file) => `<${base}${file}>; rel=preload; as=style`),
  ];
}

/**
 * The Link header values (`rel=preload`) for what the signed-in page opened at a path fetches first from
 * its route's remote, in the version this user gets: the remote's manifest (fetched the way the
 * federation runtime fetch()es it: CORS mode, `crossorigin`) and, when the server can read that manifest,
 * the entry script and the route module's own scripts and stylesheets. They then download beside app.js
 * instead of one round trip after another once it has run. Only for a remote on this origin.
 *
 * A script preload that fails (the remote down while the page loaded) is what the first load of that
 * script gets; the page's Retry loads it again, past the preload.
 */
export function remotePreloads(sources: PreloadSources) {
  return async function preloadsFor(ctx: Context): Promise<string[]> {
    const route = publicRouteFor(ctx.path);
    if (!route) return [];
    const entry = (await sources.remotes(ctx)).find((candidate) => candidate.name === route.remote)?.entry;
    if (!entry || !sameOriginPath(entry)) return [];
    const manifest = await sources.manifest?.(entry);
    return [
      `<${entry}>; rel=preload; as=fetch; crossorigin`,
      ...(manifest ? moduleFiles(entry, manifest, route.module) : []),
    ];
  };
}
