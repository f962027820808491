import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryWrapper, jsonResponse } from '../testing/query-wrapper.tsx';
import { useCreateFact } from './use-create-fact.ts';
import { factsQueryKey, useFacts } from './use-facts.ts';

const fact = {
  id: '7b0e4c8e-3f51-4c3e-9d8e-2f1f5a0c9b11',
  key: 'ceo_name',
  value: null,
  unit: null,
  version: 1,
  source: 'other',
  createdAt: '2026-01-05T15:04:00.000Z',
  approvedAt: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useFacts and useCreateFact', () => {
  it('lists facts (a JSON null value included) and refreshes the list after a create', async () => {
    const fetchMock = vi.fn<typeof fetch>(async (_url, init) =>
      init?.method === 'POST' ? jsonResponse(201, fact) : jsonResponse(200, [fact]),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { queryClient, wrapper } = createQueryWrapper();
    const { result } = renderHook(() => ({ facts: useFacts(), create: useCreateFact() }), { wrapper });
    await waitFor(() => expect(result.current.facts.data).toEqual([fact]));

    act(() => result.current.create.mutate({ key: 'ceo_name', value: null }));
    await waitFor(() => expect(result.current.create.isSuccess).toBe(true));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/api/knowledge/facts');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/knowledge/facts?limit=1000&offset=0');
    expect(post?.[1]?.body).toBe('{"key":"ceo_name","value":null}');
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'GET')).toHaveLength(2),
    );
    expect(queryClient.getQueryState(factsQueryKey)?.isInvalidated).toBe(false);
  });
});
