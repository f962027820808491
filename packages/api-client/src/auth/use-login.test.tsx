import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessage } from '../http.ts';
import { authUser } from '../testing/auth-api.ts';
import { stubFetch } from '../testing/fetch-stub.ts';
import { createQueryWrapper } from '../testing/query-wrapper.tsx';
import { authUserQueryKey } from './use-auth-user.ts';
import { useLogin } from './use-login.ts';

const user = authUser({ email: 'ada@example.com', tenantId: 't1' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useLogin', () => {
  it('posts the credentials, stores the identity and caches the user', async () => {
    const api = stubFetch({ 'POST /api/login': { status: 200, body: user } });
    const { queryClient, wrapper } = createQueryWrapper();
    const { result } = renderHook(() => useLogin(), { wrapper });
    act(() => result.current.mutate({ username: 'ada', password: 'secret' }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(api.requests().map(({ path, body }) => [path, body])).toEqual([
      ['/api/login', { username: 'ada', password: 'secret' }],
    ]);
    expect(localStorage.getItem('annie.userId')).toBe(user.id);
    expect(queryClient.getQueryData(authUserQueryKey)).toEqual(user);
  });

  it("fails with the server's message and stores nothing on 401", async () => {
    const body = { message: 'Invalid username or password', code: 'invalid_credentials' };
    stubFetch({ 'POST /api/login': { status: 401, body } });
    const { result } = renderHook(() => useLogin(), { wrapper: createQueryWrapper().wrapper });
    act(() => result.current.mutate({ username: 'ada', password: 'wrong' }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(errorMessage(result.current.error, 'Login failed')).toBe('Invalid username or password');
    expect(localStorage.getItem('annie.userId')).toBeNull();
  });
});
