import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryWrapper, jsonResponse } from '../testing/query-wrapper.tsx';
import { authUserQueryKey } from './use-auth-user.ts';
import { useLogout } from './use-logout.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useLogout', () => {
  it('posts without a body, clears the identity and marks the user signed out', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('annie.tenantId', 't1');
    localStorage.setItem('annie.userId', 'u1');
    const { queryClient, wrapper } = createQueryWrapper();
    queryClient.setQueryData(authUserQueryKey, { id: 'u1' });
    const { result } = renderHook(() => useLogout(), { wrapper });
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/logout');
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBeUndefined();
    expect(localStorage.getItem('annie.tenantId')).toBeNull();
    expect(localStorage.getItem('annie.userId')).toBeNull();
    expect(queryClient.getQueryData(authUserQueryKey)).toBeNull();
  });

  it('keeps the identity when the server refuses', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => jsonResponse(500, { message: 'x', code: 'y' })),
    );
    localStorage.setItem('annie.userId', 'u1');
    const { result } = renderHook(() => useLogout(), { wrapper: createQueryWrapper().wrapper });
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(localStorage.getItem('annie.userId')).toBe('u1');
  });
});
