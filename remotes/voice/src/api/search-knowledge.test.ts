import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { searchKnowledge } from './search-knowledge.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('searchKnowledge', () => {
  it('sends the search query, sources comma-joined and the limit', async () => {
    const api = stubFetch({ 'GET /api/knowledge/search': { status: 200, body: { results: [] } } });
    await searchKnowledge({ q: 'wine & cheese', sources: ['auwagenics', 'other'], limit: 3 });
    expect(api.fetchMock.mock.calls[0]?.[0]).toBe(
      '/api/knowledge/search?q=wine+%26+cheese&sources=auwagenics%2Cother&limit=3',
    );
  });
});
