// Records every response of a Playwright page through the Chrome DevTools Protocol: the bytes that
// crossed the wire (`encodedDataLength` of Network.loadingFinished: headers plus the body as sent,
// compressed or not) and, for JS and CSS, the gzip-9 size of the decoded body (the old file-based figure).
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

export interface Transfer {
  url: string;
  status: number;
  kind: 'css' | 'js' | 'html' | 'json' | 'other';
  encoding: string;
  cached: boolean;
  /** Answered without a round trip (the disk, memory or prefetch cache); a 304 is a round trip. */
  local: boolean;
  transferred: number;
  raw?: number;
  gzip?: number;
}

function kindOf(url: string, mimeType: string): Transfer['kind'] {
  if (/\.css(\?|$)/.test(url) || mimeType === 'text/css') return 'css';
  if (/\.m?js(\?|$)/.test(url) || /javascript/.test(mimeType)) return 'js';
  if (mimeType === 'text/html') return 'html';
  if (/json/.test(mimeType)) return 'json';
  return 'other';
}

/** Starts recording; `take()` returns and clears what finished since the last take. */
export async function recordTransfers(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const pending = new Map<string, Transfer>();
  let finished: Transfer[] = [];
  const inFlight = new Set<string>();
  const fromMemory = new Set<string>();
  cdp.on('Network.requestWillBeSent', ({ requestId }) => inFlight.add(requestId));
  cdp.on('Network.requestServedFromCache', ({ requestId }) => fromMemory.add(requestId));
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    pending.set(requestId, {
      url: new URL(response.url).pathname,
      status: response.status,
      kind: kindOf(response.url, response.mimeType),
      encoding: response.headers['content-encoding'] ?? response.headers['Content-Encoding'] ?? '',
      cached: Boolean(response.fromDiskCache || response.fromPrefetchCache || response.status === 304),
      local: Boolean(response.fromDiskCache || response.fromPrefetchCache || fromMemory.has(requestId)),
      transferred: 0,
    });
  });
  cdp.on('Network.loadingFinished', async ({ requestId, encodedDataLength }) => {
    const entry = pending.get(requestId);
    pending.delete(requestId);
    if (entry) {
      entry.transferred = encodedDataLength;
      if (entry.kind === 'js' || entry.kind === 'css') {
        try {
          const { body, base64Encoded } = await cdp.send('Network.getResponseBody', { requestId });
          const bytes = Buffer.from(body, base64Encoded ? 'base64' : 'utf8');
          entry.raw = bytes.length;
          entry.gzip = gzipSync(bytes, { level: 9 }).length;
        } catch {
          entry.raw = 0;
          entry.gzip = 0;
        }
      }
      finished.push(entry);
    }
    inFlight.delete(requestId);
  });
  cdp.on('Network.loadingFailed', ({ requestId }) => {
    pending.delete(requestId);
    inFlight.delete(requestId);
  });
  return {
    /** Waits until no request has been in flight for `ms`. */
    async quiet(ms = 750): Promise<void> {
      let calm = 0;
      while (calm < ms) {
        await page.waitForTimeout(50);
        calm = inFlight.size === 0 ? calm + 50 : 0;
      }
    },
    take(): Transfer[] {
      const taken = finished;
      finished = [];
      return taken;
    },
  };
}

/** Sums of a list of recorded responses. */
export function summarize(entries: readonly Transfer[]) {
  const sum = (list: readonly Transfer[], field: 'transferred' | 'raw' | 'gzip') =>
    list.reduce((total, entry) => total + (entry[field] ?? 0), 0);
  const assets = entries.filter((entry) => entry.kind === 'js' || entry.kind === 'css');
  return {
    /** Round trips: what the caches answered is not one. */
    requests: entries.filter((entry) => !entry.local).length,
    transferred: sum(entries, 'transferred'),
    assetRequests: assets.filter((entry) => !entry.local).length,
    assetTransferred: sum(assets, 'transferred'),
    js: sum(
      assets.filter((entry) => entry.kind === 'js'),
      'transferred',
    ),
    css: sum(
      assets.filter((entry) => entry.kind === 'css'),
      'transferred',
    ),
    gzipOfFiles: sum(assets, 'gzip'),
    rawOfFiles: sum(assets, 'raw'),
  };
}
