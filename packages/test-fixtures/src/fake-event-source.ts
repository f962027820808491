import { vi } from 'vitest';

/**
 * A stand-in for the browser's EventSource that a test drives: open it, send it named events, fail it
 * (the browser retrying, or giving up). Install it with `installFakeEventSource()` (tests only).
 */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  /** Every source opened since the last install, oldest first. */
  static instances: FakeEventSource[] = [];

  readonly url: string;
  readonly withCredentials: boolean;
  readyState = FakeEventSource.CONNECTING;

  constructor(url: string | URL, init?: EventSourceInit) {
    super();
    this.url = String(url);
    this.withCredentials = init?.withCredentials ?? false;
    FakeEventSource.instances.push(this);
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** The connection is up. */
  open(): void {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }

  /** A server-sent event `type` whose data is `data` (JSON-encoded unless already a string). */
  emit(type: string, data: unknown = {}): void {
    this.dispatchEvent(
      new MessageEvent(type, { data: typeof data === 'string' ? data : JSON.stringify(data) }),
    );
  }

  /** The connection failed; `gaveUp` as the browser does on a non-200 answer, else it would retry. */
  fail({ gaveUp = false } = {}): void {
    this.readyState = gaveUp ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.dispatchEvent(new Event('error'));
  }

  get closed(): boolean {
    return this.readyState === FakeEventSource.CLOSED;
  }
}

/** Replaces the global EventSource with FakeEventSource until `vi.unstubAllGlobals()`. */
export function installFakeEventSource(): typeof FakeEventSource {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  return FakeEventSource;
}

/** The newest source opened; throws when none was. */
export function latestEventSource(): FakeEventSource {
  const source = FakeEventSource.instances.at(-1);
  if (!source) throw new Error('no EventSource was opened');
  return source;
}
