import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../testing/fetch-stub.ts';
import { searchKnowledge } from './search-knowledge.ts';
import { getFactVersions } from './use-fact-versions.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('knowledge fetchers', () => {
  it('sends the search query, sources comma-joined and the limit', async () => {
    const api = stubFetch({ 'GET /api/knowledge/search': { status: 200, body: { results: [] } } });
    await searchKnowledge({ q: 'wine & cheese', sources: ['auwagenics', 'other'], limit: 3 });
    expect(api.fetchMock.mock.calls[0]?.[0]).toBe(
      '/api/knowledge/search?q=wine+%26+cheese&sources=auwagenics%2Cother&limit=3',
    );
  });

  it('encodes the fact key in the versions URL', async () => {
    const api = stubFetch({ 'GET /api/knowledge/facts/:key/versions': { status: 200, body: [] } });
    await getFactVersions('Q3 / revenue');
    expect(api.requests()[0]?.params.key).toBe('Q3 / revenue');
    expect(api.fetchMock.mock.calls[0]?.[0]).toBe('/api/knowledge/facts/Q3%20%2F%20revenue/versions');
  });
});
