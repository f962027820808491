import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getFactVersions } from './use-fact-versions.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getFactVersions', () => {
  it('encodes the fact key in the versions URL', async () => {
    const api = stubFetch({ 'GET /api/knowledge/facts/:key/versions': { status: 200, body: [] } });
    await getFactVersions('Q3 / revenue');
    expect(api.requests()[0]?.params.key).toBe('Q3 / revenue');
    expect(api.fetchMock.mock.calls[0]?.[0]).toBe('/api/knowledge/facts/Q3%20%2F%20revenue/versions');
  });
});
