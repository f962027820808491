/**
 * Release files kept in memory by SHA-256 (a digest names one content for good), least recently used
 * first out once `maxBytes` is passed; a file larger than a quarter of it is served but not kept. Loads
 * of one key in flight at once share one promise, so a burst for a file costs one read.
 */
export class DigestCache<V extends { bytes: number }> {
  readonly #maxBytes: number;
  readonly #entries = new Map<string, V>();
  readonly #loading = new Map<string, Promise<V | undefined>>();
  #bytes = 0;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** The value under `key`, loaded once (concurrent callers wait for the same load); undefined when `load` finds none. */
  async get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const cached = this.#entries.get(key);
    if (cached) {
      this.#entries.delete(key);
      this.#entries.set(key, cached);
      return cached;
    }
    const pending = this.#loading.get(key);
    if (pending) return pending;
    const loading = load()
      .then((value) => {
        if (value) this.#keep(key, value);
        return value;
      })
      .finally(() => this.#loading.delete(key));
    this.#loading.set(key, loading);
    return loading;
  }

  #keep(key: string, value: V): void {
    if (value.bytes > this.#maxBytes / 4) return;
    this.#entries.set(key, value);
    this.#bytes += value.bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.bytes;
    }
  }
}
