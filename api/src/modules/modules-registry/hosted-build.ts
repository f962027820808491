import { badRequest } from '../../lib/http-errors.ts';
import { DECLARATION_FILE, refused } from './release.service.ts';

const TIMEOUT_MS = 10_000;
const MAX_BYTES = 1_048_576;

async function fetchJson(url: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
  } catch (error) {
    throw refused([
      `${url} could not be fetched (${error instanceof Error ? error.message : String(error)})`,
    ]);
  }
  if (!response.ok) throw refused([`${url} answered ${response.status}`]);
  const text = await response.text();
  if (Buffer.byteLength(text) > MAX_BYTES) throw refused([`${url} is larger than ${MAX_BYTES} bytes`]);
  try {
    return JSON.parse(text);
  } catch {
    throw refused([`${url} is not JSON`]);
  }
}

/**
 * A build already hosted elsewhere: its mf-manifest.json at `url`, and the page declaration the build
 * writes beside it (`annie-remote.json`), for the compatibility gate. Only from an origin the pages
 * may load scripts from (CSP): a build anywhere else could not run.
 */
export async function fetchHostedBuild(
  url: string,
  allowedOrigins: readonly string[],
): Promise<{ manifest: unknown; declaration: unknown }> {
  // Checked before anything is fetched: the server only reaches origins its pages may load from.
  const origin = new URL(url).origin;
  if (!allowedOrigins.includes(origin))
    throw refused([
      `${origin} is not an origin the pages may load scripts from: add it to CORS_ORIGINS on every instance`,
    ]);
  if (!/\/mf-manifest\.json$/.test(new URL(url).pathname))
    throw badRequest("The URL must be the build's mf-manifest.json");
  const manifest = await fetchJson(url);
  const declaration = await fetchJson(new URL(DECLARATION_FILE, url).href).catch(() => undefined);
  return { manifest, declaration };
}
