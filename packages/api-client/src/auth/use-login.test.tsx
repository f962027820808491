import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessage } from '../http.ts';
import { createQueryWrapper, jsonResponse } from '../testing/query-wrapper.tsx';
import { authUserQueryKey } from './use-auth-user.ts';
import { useLogin } from './use-login.ts';

const user = { id: 'u1', username: 'ada', email: 'ada@example.com', isAdmin: false, tenantId: 't1' };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useLogin', () => {
  it('posts the credentials, stores the identity and caches the user', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(200, user));
    vi.stubGlobal('fetch', fetchMock);
    const { queryClient, wrapper } = createQueryWrapper();
    const { result } = renderHook(() => useLogin(), { wrapper });
    act(() => result.current.mutate({ username: 'ada', password: 'secret' }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/login');
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"username":"ada","password":"secret"}');
    expect(localStorage.getItem('annie.userId')).toBe('u1');
    expect(queryClient.getQueryData(authUserQueryKey)).toEqual(user);
  });

  it("fails with the server's message and stores nothing on 401", async () => {
    const body = { message: 'Invalid username or password', code: 'invalid_credentials' };
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => jsonResponse(401, body)),
    );
    const { result } = renderHook(() => useLogin(), { wrapper: createQueryWrapper().wrapper });
    act(() => result.current.mutate({ username: 'ada', password: 'wrong' }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(errorMessage(result.current.error, 'Login failed')).toBe('Invalid username or password');
    expect(localStorage.getItem('annie.userId')).toBeNull();
  });
});
