import { callRoute } from '@annie/api-client/call-route';
import { callSessionsQueryKey } from '@annie/api-client/calls/call-sessions-query-key';
import type { CallLogPage, CallLogQuery } from '@annie/contracts/call-logs';
import { searchCallLogs } from '@annie/contracts/calls-routes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/call-logs: one page of the user's calls as filtered, with the counts. */
export function getCallLogs(query: CallLogQuery, signal?: AbortSignal): Promise<CallLogPage> {
  return callRoute(searchCallLogs, { query }, { signal });
}

/** Keyed under Call History's key, so that a call's live event (or any call change) refreshes it. */
export function callLogsQueryOptions(query: CallLogQuery) {
  return queryOptions({
    queryKey: [...callSessionsQueryKey, 'logs', query] as const,
    queryFn: ({ signal }) => getCallLogs(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** The page of Call Logs for these filters; the previous page stays on screen while the next loads. */
export function useCallLogs(query: CallLogQuery) {
  return useQuery(callLogsQueryOptions(query));
}
