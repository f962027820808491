import type { InfiniteData } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../http.ts';

/** One page of a list served a page at a time, and the address of the next while more remain. */
export type LinkedPage<T> = { items: T[]; next: string | null };

/** The loaded pages of such a list in the query cache (each page fetched by its address). */
export type LinkedPages<T> = InfiniteData<LinkedPage<T>, string>;

/** GET one page at `url`: the body parsed with `schema`, the next page's address from `Link: <…>; rel="next"`. */
export async function getLinkedPage<T>(
  url: string,
  schema: z.ZodType<T[]>,
  signal?: AbortSignal,
): Promise<LinkedPage<T>> {
  const response = await apiRequest('GET', url, undefined, { signal });
  const next = response.headers.get('Link')?.match(/<([^>]+)>;\s*rel="next"/)?.[1] ?? null;
  return { items: schema.parse(await response.json()), next };
}

/** Options shared by every such list's infinite query: pages fetched by address, the next from Link. */
export function linkedPageOptions<T>(firstUrl: string, schema: z.ZodType<T[]>) {
  return {
    queryFn: ({ pageParam, signal }: { pageParam: string; signal: AbortSignal }) =>
      getLinkedPage(pageParam, schema, signal),
    initialPageParam: firstUrl,
    getNextPageParam: (page: LinkedPage<T>) => page.next ?? undefined,
  };
}

/** The first page's address of `path` for a search (`q`, omitted when empty) and a page size. */
export function firstPageUrl(path: string, limit: number, q = ''): string {
  const query = new URLSearchParams({ limit: String(limit) });
  if (q) query.set('q', q);
  return `${path}?${query}`;
}
