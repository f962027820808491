import { createHash } from 'node:crypto';

const TIMEOUT_MS = 10_000;
const CACHE_BYTES = 64 * 1_048_576;

/**
 * The files of URL builds, fetched from where they are hosted and served only when their SHA-256 is the
 * one recorded at publish: a host that replaces a file after the gate checked it gets a 502, never its
 * new content into a browser. What passed is kept in memory (by digest: content never changes under
 * one), so the host is asked once per instance.
 */
export class PinnedFiles {
  readonly #verified = new Map<string, Buffer>();
  #bytes = 0;

  /** The file at `url` if it still has digest `sha256`; undefined when it changed or cannot be fetched. */
  async fetch(url: string, sha256: string): Promise<Buffer | undefined> {
    const cached = this.#verified.get(sha256);
    if (cached) return cached;
    let content: Buffer;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
      if (!response.ok) return undefined;
      content = Buffer.from(await response.arrayBuffer());
    } catch {
      return undefined;
    }
    if (createHash('sha256').update(content).digest('hex') !== sha256) return undefined;
    if (this.#bytes + content.length > CACHE_BYTES) {
      this.#verified.clear();
      this.#bytes = 0;
    }
    this.#verified.set(sha256, content);
    this.#bytes += content.length;
    return content;
  }
}
