import { badRequest } from '../../lib/http-errors.ts';
import { type GuardedFetchOptions, guardedFetch, RefusedFetch } from './guarded-fetch.ts';
import { DECLARATION_FILE, MANIFEST_FILE, refused, type UploadedFile } from './release.service.ts';

const TIMEOUT_MS = 10_000;
const MAX_JSON_BYTES = 1_048_576;

async function fetchBytes(url: string, options: GuardedFetchOptions): Promise<Buffer> {
  try {
    return await guardedFetch(url, options);
  } catch (error) {
    if (error instanceof RefusedFetch) throw refused([error.message]);
    throw error;
  }
}

function parsed(url: string, bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw refused([`${url} is not JSON`]);
  }
}

type AssetLists = { js?: { sync?: string[]; async?: string[] }; css?: { sync?: string[]; async?: string[] } };
type ManifestFiles = {
  metaData?: { publicPath?: string; getPublicPath?: string; remoteEntry?: { name?: string; path?: string } };
  shared?: { assets?: AssetLists }[];
  exposes?: { assets?: AssetLists }[];
};

/**
 * Every file the manifest says the federation runtime loads: the remote entry and each shared or exposed
 * module's scripts and styles, sync and async. Only a build whose public path is `auto` can be pinned:
 * its files are then fetched beside its entry, which is served through the API.
 */
function filesOf(manifest: unknown, manifestUrl: URL): string[] {
  const { metaData, shared = [], exposes = [] } = (manifest ?? {}) as ManifestFiles;
  if (metaData?.getPublicPath || (metaData?.publicPath && metaData.publicPath !== 'auto'))
    throw refused([
      `its publicPath is ${metaData.getPublicPath ?? metaData.publicPath}, not "auto": its files would be loaded from there, unpinned; build it with publicPath "auto" or upload it`,
    ]);
  const files = new Set<string>();
  const entry = metaData?.remoteEntry;
  if (entry?.name) files.add([entry.path, entry.name].filter(Boolean).join('/'));
  for (const { assets } of [...shared, ...exposes])
    for (const kind of [assets?.js, assets?.css])
      for (const file of [...(kind?.sync ?? []), ...(kind?.async ?? [])]) files.add(file);
  // Each file is fetched (and later served) from where it resolves against the manifest: only there.
  const elsewhere = [...files].filter((file) => !onBuildOrigin(file, manifestUrl));
  if (elsewhere.length > 0)
    throw refused(
      elsewhere.map(
        (file) =>
          `${file} resolves outside ${manifestUrl.origin}: a file of the build must sit beside its manifest`,
      ),
    );
  return [...files];
}

/** Whether `path` resolves, against the manifest, to a URL on the manifest's own origin. */
export function onBuildOrigin(path: string, manifestUrl: URL | string): boolean {
  try {
    return new URL(path, manifestUrl).origin === new URL(manifestUrl).origin;
  } catch {
    return false;
  }
}

/** How far a URL build may be fetched: its size in all, and the test-only private origins. */
export type HostedBuildLimits = { maxBytes: number; privateOrigins: readonly string[] };

/**
 * A build already hosted elsewhere: its mf-manifest.json at `url`, the page declaration the build
 * writes beside it (`annie-remote.json`), for the compatibility gate, and every file the manifest lists,
 * fetched now so their digests pin what was checked. Every file must resolve to the manifest's origin
 * (checked before anything is fetched); each fetch is guarded (no loopback or private address, redirects
 * checked hop by hop, a deadline) and all of it stays under `maxBytes`. The files are served through
 * the API, so the pages never load from that origin and CORS_ORIGINS never needs it.
 */
export async function fetchHostedBuild(
  url: string,
  limits: HostedBuildLimits,
): Promise<{ manifest: unknown; declaration: unknown; pinned: UploadedFile[] }> {
  const manifestUrl = new URL(url);
  if (!/\/mf-manifest\.json$/.test(manifestUrl.pathname))
    throw badRequest("The URL must be the build's mf-manifest.json");
  const guard = (maxBytes: number) => ({
    maxBytes,
    timeoutMs: TIMEOUT_MS,
    privateOrigins: limits.privateOrigins,
  });
  const manifestBytes = await fetchBytes(url, guard(Math.min(MAX_JSON_BYTES, limits.maxBytes)));
  const manifest = parsed(url, manifestBytes);
  const files = filesOf(manifest, manifestUrl);
  const declarationUrl = new URL(DECLARATION_FILE, url).href;
  const declarationBytes = await fetchBytes(declarationUrl, guard(MAX_JSON_BYTES)).catch(() => undefined);
  const pinned: UploadedFile[] = [{ path: MANIFEST_FILE, content: manifestBytes }];
  if (declarationBytes) pinned.push({ path: DECLARATION_FILE, content: declarationBytes });
  let total = manifestBytes.length;
  for (const path of files) {
    const content = await fetchBytes(new URL(path, url).href, guard(limits.maxBytes - total));
    total += content.length;
    pinned.push({ path, content });
  }
  return {
    manifest,
    declaration: declarationBytes ? parsed(declarationUrl, declarationBytes) : undefined,
    pinned,
  };
}
