import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jsonResponse } from '../testing/query-wrapper.tsx';
import { fetchAllPages, KNOWLEDGE_PAGE_SIZE } from './fetch-all-pages.ts';

const rowSchema = z.object({ id: z.string() });
const rows = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: `r${from + i}` }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchAllPages', () => {
  it('reads page after page until a short page, and returns one array', async () => {
    const fetchMock = vi.fn<typeof fetch>(async (input) => {
      const offset = Number(new URL(String(input), 'http://x').searchParams.get('offset'));
      return jsonResponse(200, offset === 0 ? rows(0, KNOWLEDGE_PAGE_SIZE) : rows(offset, 3));
    });
    vi.stubGlobal('fetch', fetchMock);
    const all = await fetchAllPages('/api/knowledge/notes', rowSchema);
    expect(all).toHaveLength(KNOWLEDGE_PAGE_SIZE + 3);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      `/api/knowledge/notes?limit=${KNOWLEDGE_PAGE_SIZE}&offset=0`,
      `/api/knowledge/notes?limit=${KNOWLEDGE_PAGE_SIZE}&offset=${KNOWLEDGE_PAGE_SIZE}`,
    ]);
  });

  it('keeps a row once when an insert pushed it onto the next page', async () => {
    const fetchMock = vi.fn<typeof fetch>(async (input) => {
      const offset = Number(new URL(String(input), 'http://x').searchParams.get('offset'));
      return jsonResponse(
        200,
        offset === 0 ? rows(0, KNOWLEDGE_PAGE_SIZE) : rows(KNOWLEDGE_PAGE_SIZE - 1, 2),
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    const all = await fetchAllPages('/api/knowledge/facts', rowSchema);
    expect(all.map((row) => row.id)).toEqual(rows(0, KNOWLEDGE_PAGE_SIZE + 1).map((row) => row.id));
  });

  it('rejects rows that do not match the contract', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => jsonResponse(200, [{ nope: 1 }])),
    );
    await expect(fetchAllPages('/api/knowledge/facts', rowSchema)).rejects.toThrow();
  });
});
