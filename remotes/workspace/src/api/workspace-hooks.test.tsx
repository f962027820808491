import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { createQueryWrapper } from '@annie/test-fixtures/query-wrapper';
import {
  GOOGLE_ACCOUNTS,
  GOOGLE_AUTH_URL,
  stubWorkspaceApi,
  workspaceRoutes,
} from '@annie/test-fixtures/workspace-api';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useConnectGoogle } from './use-connect-google.ts';
import { useDisconnectGoogle } from './use-disconnect-google.ts';
import { googleAccountsQueryKey, useGoogleAccounts } from './use-google-accounts.ts';
import { googleStatusQueryKey, useGoogleStatus } from './use-google-status.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('workspace hooks', () => {
  it('read the status and the accounts', async () => {
    stubWorkspaceApi({ connected: true });
    const { wrapper } = createQueryWrapper();
    const status = renderHook(() => useGoogleStatus(), { wrapper });
    const accounts = renderHook(() => useGoogleAccounts(), { wrapper });
    await waitFor(() => expect(accounts.result.current.isSuccess).toBe(true));
    await waitFor(() => expect(status.result.current.data).toEqual({ authenticated: true }));
    expect(accounts.result.current.data).toEqual(GOOGLE_ACCOUNTS);
  });

  it('refuse an account list that does not match the contract', async () => {
    stubFetch({ ...workspaceRoutes(), 'GET /api/google/accounts': { status: 200, body: [{ email: 1 }] } });
    const { result } = renderHook(() => useGoogleAccounts(), { wrapper: createQueryWrapper().wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
  });

  it('get the consent address, and on disconnect set not connected with no accounts', async () => {
    const api = stubWorkspaceApi({ connected: true });
    const { queryClient, wrapper } = createQueryWrapper();
    const connect = renderHook(() => useConnectGoogle(), { wrapper });
    await act(async () => {
      expect(await connect.result.current.mutateAsync()).toEqual({ authUrl: GOOGLE_AUTH_URL });
    });
    queryClient.setQueryData(googleStatusQueryKey, { authenticated: true });
    queryClient.setQueryData(googleAccountsQueryKey, GOOGLE_ACCOUNTS);
    const disconnect = renderHook(() => useDisconnectGoogle(), { wrapper });
    await act(() => disconnect.result.current.mutateAsync());
    expect(api.requests('POST').map((request) => request.path)).toEqual(['/api/google/disconnect']);
    expect(queryClient.getQueryData(googleStatusQueryKey)).toEqual({ authenticated: false });
    expect(queryClient.getQueryData(googleAccountsQueryKey)).toEqual([]);
  });
});
