import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryWrapper, jsonResponse } from '../testing/query-wrapper.tsx';
import { useAuthUser } from './use-auth-user.ts';

const user = { id: 'u1', username: 'ada', email: null, isAdmin: true, tenantId: 't1' };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useAuthUser', () => {
  it('returns the user and stores its tenant and id for the identity headers', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(200, user));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useAuthUser(), { wrapper: createQueryWrapper().wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual(user);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/user');
    expect(localStorage.getItem('annie.tenantId')).toBe('t1');
    expect(localStorage.getItem('annie.userId')).toBe('u1');
  });

  it('returns null without touching stored identity when the session is missing (401)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => jsonResponse(401, { message: 'Unauthorized' })),
    );
    const { result } = renderHook(() => useAuthUser(), { wrapper: createQueryWrapper().wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBeNull();
    expect(localStorage.getItem('annie.tenantId')).toBeNull();
  });

  it('fails on a response that does not match the contract', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => jsonResponse(200, { username: 'ada' })),
    );
    const { result } = renderHook(() => useAuthUser(), { wrapper: createQueryWrapper().wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
  });
});
