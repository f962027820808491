import { callRoute } from '@annie/api-client/call-route';
import { callSessionsQueryKey } from '@annie/api-client/calls/call-sessions-query-key';
import type { CallSessionDto, CallSessionListQuery } from '@annie/contracts/calls';
import { listCallSessions } from '@annie/contracts/calls-routes';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

/** Sessions per page of Call History. */
export const CALL_HISTORY_PAGE_SIZE = 20;

/** GET /api/call-sessions?limit&before: the caller's call sessions, newest first. */
export function getCallSessions(
  query: CallSessionListQuery = {},
  signal?: AbortSignal,
): Promise<CallSessionDto[]> {
  return callRoute(listCallSessions, { query }, { signal });
}

/** One page of the history and the cursor of the next one (undefined on the last page). */
export type CallSessionPage = { sessions: CallSessionDto[]; nextBefore: string | undefined };

/** Reads one page, asking for one session more than it shows to know whether another page exists. */
export async function getCallSessionPage(
  before: string | undefined,
  pageSize: number,
  signal?: AbortSignal,
): Promise<CallSessionPage> {
  const rows = await getCallSessions({ limit: pageSize + 1, before }, signal);
  const sessions = rows.slice(0, pageSize);
  return { sessions, nextBefore: rows.length > pageSize ? sessions.at(-1)?.id : undefined };
}

/** Query options of the paged call history. */
export function callSessionsQueryOptions(pageSize = CALL_HISTORY_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: [...callSessionsQueryKey, { pageSize }] as const,
    queryFn: ({ pageParam, signal }) => getCallSessionPage(pageParam, pageSize, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextBefore,
  });
}

/** The caller's call history, newest first, a page at a time (`fetchNextPage` loads the next). */
export function useCallSessions(pageSize = CALL_HISTORY_PAGE_SIZE) {
  return useInfiniteQuery(callSessionsQueryOptions(pageSize));
}
