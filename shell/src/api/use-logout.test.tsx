import { authUserQueryKey } from '@annie/api-client/auth/use-auth-user';
import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { createQueryWrapper } from '@annie/test-fixtures/query-wrapper';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLogout } from './use-logout.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useLogout', () => {
  it('posts without a body, clears the identity and marks the user signed out', async () => {
    const api = stubFetch({ 'POST /api/logout': { status: 200, body: { ok: true } } });
    localStorage.setItem('annie.tenantId', 't1');
    localStorage.setItem('annie.userId', 'u1');
    const { queryClient, wrapper } = createQueryWrapper();
    queryClient.setQueryData(authUserQueryKey, { id: 'u1' });
    const { result } = renderHook(() => useLogout(), { wrapper });
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(api.requests()).toMatchObject([{ method: 'POST', path: '/api/logout', body: undefined }]);
    expect(api.fetchMock.mock.calls[0]?.[1]?.body).toBeUndefined();
    expect(localStorage.getItem('annie.tenantId')).toBeNull();
    expect(localStorage.getItem('annie.userId')).toBeNull();
    expect(queryClient.getQueryData(authUserQueryKey)).toBeNull();
  });

  it('keeps the identity when the server refuses', async () => {
    stubFetch({ 'POST /api/logout': { status: 500, body: { message: 'x', code: 'y' } } });
    localStorage.setItem('annie.userId', 'u1');
    const { result } = renderHook(() => useLogout(), { wrapper: createQueryWrapper().wrapper });
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(localStorage.getItem('annie.userId')).toBe('u1');
  });
});
