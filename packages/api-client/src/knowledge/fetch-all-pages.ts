import type { listFacts, listNotes } from '@annie/contracts/knowledge-routes';
import type { RouteOutput } from '@annie/contracts/route';
import { callRoute } from '../call-route.ts';

/** Rows per request when a list is read page by page; each page stays fast however long the list. */
export const KNOWLEDGE_PAGE_SIZE = 1000;

/**
 * Reads a whole list route in pages (`limit`/`offset`) and returns one array, as the route would
 * without paging. A row that moved between pages (a concurrent insert) is kept once.
 */
export async function fetchAllPages<C extends typeof listNotes | typeof listFacts>(
  contract: C,
  signal?: AbortSignal,
): Promise<RouteOutput<C>> {
  const rows = new Map<string, { id: string }>();
  for (let offset = 0; ; offset += KNOWLEDGE_PAGE_SIZE) {
    const query = { limit: KNOWLEDGE_PAGE_SIZE, offset };
    const page: { id: string }[] = await callRoute(contract as typeof listNotes, { query }, { signal });
    for (const row of page) if (!rows.has(row.id)) rows.set(row.id, row);
    if (page.length < KNOWLEDGE_PAGE_SIZE) return [...rows.values()] as RouteOutput<C>;
  }
}
