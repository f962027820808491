import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../testing/query-wrapper.tsx';
import { searchKnowledge } from './search-knowledge.ts';
import { getFactVersions } from './use-fact-versions.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('knowledge fetchers', () => {
  it('sends the search query, sources comma-joined and the limit', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(200, { results: [] }));
    vi.stubGlobal('fetch', fetchMock);
    await searchKnowledge({ q: 'wine & cheese', sources: ['auwagenics', 'other'], limit: 3 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      '/api/knowledge/search?q=wine+%26+cheese&sources=auwagenics%2Cother&limit=3',
    );
  });

  it('encodes the fact key in the versions URL', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(200, []));
    vi.stubGlobal('fetch', fetchMock);
    await getFactVersions('Q3 / revenue');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/knowledge/facts/Q3%20%2F%20revenue/versions');
  });
});
