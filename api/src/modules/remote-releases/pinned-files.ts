import { createHash } from 'node:crypto';
import { guardedFetch } from './guarded-fetch.ts';
import { onBuildOrigin } from './hosted-build.ts';

const TIMEOUT_MS = 10_000;

export type PinnedFetchLimits = { maxBytes: number; privateOrigins: readonly string[] };

/**
 * A URL build's file, fetched from where it is hosted and returned only when its SHA-256 is the one
 * recorded at publish: a host that replaces a file after the gate checked it gets a 502, never its new
 * content into a browser. The path must resolve beside the manifest (a row written before that rule is
 * held to it too), and the fetch is guarded like the one at publish.
 */
export async function fetchPinned(
  path: string,
  sourceUrl: string,
  sha256: string,
  limits: PinnedFetchLimits,
): Promise<Buffer | undefined> {
  if (!onBuildOrigin(path, sourceUrl)) return undefined;
  try {
    const content = await guardedFetch(new URL(path, sourceUrl).href, { ...limits, timeoutMs: TIMEOUT_MS });
    return createHash('sha256').update(content).digest('hex') === sha256 ? content : undefined;
  } catch {
    return undefined;
  }
}
