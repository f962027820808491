import type { Fact } from '@annie/contracts/knowledge';
import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { FACTS } from '@annie/test-fixtures/knowledge-api';
import { createQueryWrapper } from '@annie/test-fixtures/query-wrapper';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCreateFact } from './use-create-fact.ts';
import { factsQueryKey, useFacts } from './use-facts.ts';

const fact = { ...FACTS[1], value: null, unit: null, approvedAt: null } as Fact;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useFacts and useCreateFact', () => {
  it('lists facts (a JSON null value included) and refreshes the list after a create', async () => {
    const api = stubFetch({
      'GET /api/knowledge/facts': { status: 200, body: [fact] },
      'POST /api/knowledge/facts': { status: 201, body: fact },
    });
    const { queryClient, wrapper } = createQueryWrapper();
    const { result } = renderHook(() => ({ facts: useFacts(), create: useCreateFact() }), { wrapper });
    await waitFor(() => expect(result.current.facts.data).toEqual([fact]));

    act(() => result.current.create.mutate({ key: 'ceo_name', value: null }));
    await waitFor(() => expect(result.current.create.isSuccess).toBe(true));
    expect(String(api.fetchMock.mock.calls[0]?.[0])).toBe('/api/knowledge/facts?limit=1000&offset=0');
    expect(api.requests('POST').map(({ path }) => path)).toEqual(['/api/knowledge/facts']);
    expect(api.fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[1]?.body).toBe(
      '{"key":"ceo_name","value":null}',
    );
    await waitFor(() => expect(api.requests('GET')).toHaveLength(2));
    expect(queryClient.getQueryState(factsQueryKey)?.isInvalidated).toBe(false);
  });
});
