import { badRequest } from '../../lib/http-errors.ts';
import { DECLARATION_FILE, MANIFEST_FILE, refused, type UploadedFile } from './release.service.ts';

const TIMEOUT_MS = 10_000;
const MAX_JSON_BYTES = 1_048_576;
const MAX_BUILD_BYTES = 50 * 1_048_576;

async function fetchBytes(url: string, maxBytes: number): Promise<Buffer> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
  } catch (error) {
    throw refused([
      `${url} could not be fetched (${error instanceof Error ? error.message : String(error)})`,
    ]);
  }
  if (!response.ok) throw refused([`${url} answered ${response.status}`]);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > maxBytes) throw refused([`${url} is larger than ${maxBytes} bytes`]);
  return bytes;
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
function filesOf(manifest: unknown): string[] {
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
  return [...files];
}

/**
 * A build already hosted elsewhere: its mf-manifest.json at `url`, the page declaration the build
 * writes beside it (`annie-remote.json`), for the compatibility gate, and every file the manifest lists,
 * fetched now so their digests pin what was checked. Only from an origin the pages may load scripts
 * from (CSP): a build anywhere else could not run.
 */
export async function fetchHostedBuild(
  url: string,
  allowedOrigins: readonly string[],
): Promise<{ manifest: unknown; declaration: unknown; pinned: UploadedFile[] }> {
  // Checked before anything is fetched: the server only reaches origins its pages may load from.
  const origin = new URL(url).origin;
  if (!allowedOrigins.includes(origin))
    throw refused([
      `${origin} is not an origin the pages may load scripts from: add it to CORS_ORIGINS on every instance`,
    ]);
  if (!/\/mf-manifest\.json$/.test(new URL(url).pathname))
    throw badRequest("The URL must be the build's mf-manifest.json");
  const manifestBytes = await fetchBytes(url, MAX_JSON_BYTES);
  const manifest = parsed(url, manifestBytes);
  const declarationUrl = new URL(DECLARATION_FILE, url).href;
  const declarationBytes = await fetchBytes(declarationUrl, MAX_JSON_BYTES).catch(() => undefined);
  const pinned: UploadedFile[] = [{ path: MANIFEST_FILE, content: manifestBytes }];
  if (declarationBytes) pinned.push({ path: DECLARATION_FILE, content: declarationBytes });
  let total = manifestBytes.length;
  for (const path of filesOf(manifest)) {
    const content = await fetchBytes(new URL(path, url).href, MAX_BUILD_BYTES - total);
    total += content.length;
    pinned.push({ path, content });
  }
  return {
    manifest,
    declaration: declarationBytes ? parsed(declarationUrl, declarationBytes) : undefined,
    pinned,
  };
}
