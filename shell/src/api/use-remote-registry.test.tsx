import { jsonResponse } from '@annie/test-fixtures/fetch-stub';
import { createQueryWrapper } from '@annie/test-fixtures/query-wrapper';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRemoteRegistry } from './use-remote-registry.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useRemoteRegistry', () => {
  it('loads the remotes from /api/remotes', async () => {
    const registry = { remotes: [{ name: 'lab', entry: '/remotes/lab/mf-manifest.json', version: '1.0.0' }] };
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(200, registry));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useRemoteRegistry(), { wrapper: createQueryWrapper().wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual(registry);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/remotes');
  });

  it('rejects a remote name outside the known five', async () => {
    const registry = {
      remotes: [{ name: 'billing', entry: '/remotes/billing/mf-manifest.json', version: '1' }],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => jsonResponse(200, registry)),
    );
    const { result } = renderHook(() => useRemoteRegistry(), { wrapper: createQueryWrapper().wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
  });
});
