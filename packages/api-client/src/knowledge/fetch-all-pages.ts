import type { z } from 'zod';
import { apiJson } from '../http.ts';

/** Rows per request when a list is read page by page; each page stays fast however long the list. */
export const KNOWLEDGE_PAGE_SIZE = 1000;

/**
 * Reads a whole list endpoint in pages (`limit`/`offset`) and returns one array, as the endpoint would
 * without paging. A row that moved between pages (a concurrent insert) is kept once.
 */
export async function fetchAllPages<T extends { id: string }>(
  path: string,
  rowSchema: z.ZodType<T>,
  signal?: AbortSignal,
): Promise<T[]> {
  const pageSchema = rowSchema.array();
  const rows = new Map<string, T>();
  for (let offset = 0; ; offset += KNOWLEDGE_PAGE_SIZE) {
    const url = `${path}?limit=${KNOWLEDGE_PAGE_SIZE}&offset=${offset}`;
    const page = pageSchema.parse(await apiJson<unknown>('GET', url, undefined, { signal }));
    for (const row of page) if (!rows.has(row.id)) rows.set(row.id, row);
    if (page.length < KNOWLEDGE_PAGE_SIZE) return [...rows.values()];
  }
}
