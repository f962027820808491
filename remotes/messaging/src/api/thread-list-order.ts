import type { SmsThreadPages } from '@annie/api-client/sms/use-sms-threads';
import type { SmsThreadSummary } from '@annie/contracts/sms';

const isFamily = (thread: SmsThreadSummary) => thread.contact?.relationship === 'family';

/** The server's order of the thread list: family first, then the newest message first, then id. */
export function compareThreads(a: SmsThreadSummary, b: SmsThreadSummary): number {
  if (isFamily(a) !== isFamily(b)) return isFamily(a) ? -1 : 1;
  if (a.lastMessageAt !== b.lastMessageAt) {
    if (a.lastMessageAt === null) return 1;
    if (b.lastMessageAt === null) return -1;
    return a.lastMessageAt < b.lastMessageAt ? 1 : -1;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The list with `changed` threads put in (replacing those with the same id, adding new ones), in the
 * server's order.
 */
export function mergeThreads(
  list: readonly SmsThreadSummary[],
  changed: readonly SmsThreadSummary[],
): SmsThreadSummary[] {
  const byId = new Map(changed.map((thread) => [thread.id, thread]));
  const kept = list.filter((thread) => !byId.has(thread.id));
  return [...kept, ...byId.values()].sort(compareThreads);
}

/**
 * The loaded pages of the list with `changed` threads merged in, as one page. While more pages remain,
 * a changed thread that now sorts after the last loaded one is left for those pages to bring.
 */
export function mergeThreadPages(data: SmsThreadPages, changed: readonly SmsThreadSummary[]): SmsThreadPages {
  const loaded = data.pages.flatMap((page) => page.items);
  const next = data.pages.at(-1)?.next ?? null;
  const boundary = loaded.at(-1);
  const kept = next && boundary ? changed.filter((thread) => compareThreads(thread, boundary) <= 0) : changed;
  const dropped = new Set(changed.map((thread) => thread.id));
  const merged = mergeThreads(
    loaded.filter((thread) => !dropped.has(thread.id)),
    kept,
  );
  return { pages: [{ items: merged, next }], pageParams: data.pageParams.slice(0, 1) };
}
