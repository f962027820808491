import { callSessionsQueryKey } from '@annie/api-client/calls/call-sessions-query-key';
import { createQueryClient } from '@annie/api-client/query-client';
import { callSessions, NEW_CALL_ID, stubCallsApi } from '@annie/test-fixtures/calls-api';
import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAssist, useEndCall, useStartCall } from './use-call-mutations.ts';
import { useCallSessions } from './use-call-sessions.ts';

// The app's query client and a renderHook wrapper providing it (testing/query-wrapper.tsx is not
// exported: the package's `./*` maps to `.ts` files only).
function createQueryWrapper() {
  const queryClient = createQueryClient();
  function wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  }
  return { queryClient, wrapper };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('call hooks', () => {
  it('reads the history a page at a time, following the last id of each page', async () => {
    const all = callSessions(5);
    const api = stubCallsApi({ sessions: all });
    const { result } = renderHook(() => useCallSessions(2), { wrapper: createQueryWrapper().wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.pages[0]?.sessions).toEqual(all.slice(0, 2));
    expect(result.current.hasNextPage).toBe(true);
    await act(() => result.current.fetchNextPage());
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.data?.pages).toHaveLength(3));
    expect(result.current.data?.pages.flatMap((page) => page.sessions)).toEqual(all);
    expect(result.current.hasNextPage).toBe(false);
    expect(api.requests().map((request) => request.query.toString())).toEqual([
      'limit=3',
      `limit=3&before=${all[1]?.id}`,
      `limit=3&before=${all[3]?.id}`,
    ]);
  });

  it('has no next page when the first page holds everything', async () => {
    stubCallsApi({ sessions: callSessions(2) });
    const { result } = renderHook(() => useCallSessions(2), { wrapper: createQueryWrapper().wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.hasNextPage).toBe(false);
  });

  it('rejects a history that does not match the contract', async () => {
    stubFetch({ 'GET /api/call-sessions': { status: 200, body: [{ id: 'x', channel: 'fax' }] } });
    const { result } = renderHook(() => useCallSessions(), { wrapper: createQueryWrapper().wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
  });

  it('starts and ends a call with no body, sends {callId, message}, and refreshes the history', async () => {
    const api = stubCallsApi({ reply: (message) => `You said ${message}` });
    const { queryClient, wrapper } = createQueryWrapper();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { result } = renderHook(() => ({ start: useStartCall(), end: useEndCall(), assist: useAssist() }), {
      wrapper,
    });
    expect(await act(() => result.current.start.mutateAsync())).toEqual({ id: NEW_CALL_ID });
    expect(
      await act(() => result.current.assist.mutateAsync({ callId: NEW_CALL_ID, message: 'hi' })),
    ).toEqual({
      response: 'You said hi',
    });
    await act(() => result.current.end.mutateAsync(NEW_CALL_ID));
    expect(api.requests().map(({ method, path, body }) => [method, path, body])).toEqual([
      ['POST', '/api/calls/start', undefined],
      ['POST', '/api/voice/assist', { callId: NEW_CALL_ID, message: 'hi' }],
      ['POST', `/api/calls/${NEW_CALL_ID}/end`, undefined],
    ]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: callSessionsQueryKey });
  });
});
