import { authRoutes, authUser } from '@annie/test-fixtures/auth-api';
import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { createQueryWrapper } from '@annie/test-fixtures/query-wrapper';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthUser } from './use-auth-user.ts';

const user = authUser({ isAdmin: true, tenantId: 't1' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useAuthUser', () => {
  it('returns the user and stores its tenant and id for the identity headers', async () => {
    const api = stubFetch(authRoutes(user));
    const { result } = renderHook(() => useAuthUser(), { wrapper: createQueryWrapper().wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual(user);
    expect(api.requests().map(({ path }) => path)).toEqual(['/api/auth/user']);
    expect(localStorage.getItem('annie.tenantId')).toBe('t1');
    expect(localStorage.getItem('annie.userId')).toBe(user.id);
  });

  it('returns null without touching stored identity when the session is missing (401)', async () => {
    stubFetch({ 'GET /api/auth/user': { status: 401, body: { message: 'Unauthorized' } } });
    const { result } = renderHook(() => useAuthUser(), { wrapper: createQueryWrapper().wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBeNull();
    expect(localStorage.getItem('annie.tenantId')).toBeNull();
  });

  it('fails on a response that does not match the contract', async () => {
    stubFetch({ 'GET /api/auth/user': { status: 200, body: { username: 'ada' } } });
    const { result } = renderHook(() => useAuthUser(), { wrapper: createQueryWrapper().wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
  });
});
