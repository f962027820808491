import { contactsQueryKey } from '@annie/api-client/contacts/use-contacts';
import { approvalsCountQueryKey } from '@annie/api-client/inbox/use-approvals-count';
import { useLiveEvents } from '@annie/api-client/live/use-live-events';
import {
  getSmsThreadsByIds,
  type SmsThreadPages,
  smsThreadListQueryKey,
  smsThreadsQueryKey,
} from '@annie/api-client/sms/use-sms-threads';
import { routeUrl } from '@annie/contracts/route';
import { SMS_THREAD_IDS_MAX, smsLiveEventSchema } from '@annie/contracts/sms';
import { smsEvents } from '@annie/contracts/sms-routes';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { mergeThreadPages } from './thread-list-order.ts';
import { approvalsQueryKey } from './use-approvals.ts';

/** The server-sent event stream of the tenant's SMS changes. */
export const SMS_EVENTS_URL = routeUrl(smsEvents);

const SMS_EVENTS = { sms: smsLiveEventSchema };

// A send is followed by its statuses within moments; one refresh covers a burst.
const COALESCE_MS = 30;

/**
 * Brings the cache up to date after events on `threadIds` (all threads when null): the open threads, the
 * searched lists and the contacts' unread counts are refetched; the whole list gets only the named
 * threads (GET /api/sms/threads?ids=) merged into its loaded pages — at 5,000 threads, refetching it
 * for each text took over half a second to show it. A list being fetched, a failed patch, a resync or
 * a burst over SMS_THREAD_IDS_MAX threads refetch the list instead.
 */
async function refreshThreads(queryClient: QueryClient, threadIds: string[] | null): Promise<void> {
  void queryClient.invalidateQueries({ queryKey: contactsQueryKey });
  // A new draft (or one decided elsewhere) changes the approvals queue and its count.
  void queryClient.invalidateQueries({ queryKey: approvalsCountQueryKey });
  void queryClient.invalidateQueries({ queryKey: approvalsQueryKey });
  const wholeList = { queryKey: smsThreadListQueryKey(''), exact: true } as const;
  const refetchAll =
    threadIds === null ||
    threadIds.length > SMS_THREAD_IDS_MAX ||
    queryClient.isFetching(wholeList) > 0 ||
    queryClient.getQueryData(wholeList.queryKey) === undefined;
  if (refetchAll) {
    await queryClient.invalidateQueries({ queryKey: smsThreadsQueryKey });
    return;
  }
  void queryClient.invalidateQueries({
    queryKey: smsThreadsQueryKey,
    // Every thread query but the whole list: the open threads (no third part) and the searches.
    predicate: (query) => query.queryKey[2] !== '',
  });
  try {
    const changed = await getSmsThreadsByIds(threadIds);
    queryClient.setQueryData<SmsThreadPages>(
      wholeList.queryKey,
      (data) => data && mergeThreadPages(data, changed),
    );
  } catch {
    await queryClient.invalidateQueries(wholeList);
  }
}

/**
 * Keeps the thread list, the open thread and the contacts' unread counts current without polling: a new
 * text, a status or a draft refreshes what it touched (bursts coalesced, refreshes one after another so
 * an older answer never lands last), and a reconnect refreshes everything.
 */
export function useSmsLiveEvents(): void {
  const queryClient = useQueryClient();
  const pending = useRef<{ timer?: ReturnType<typeof setTimeout>; threadIds: Set<string> | null }>({
    threadIds: new Set(),
  });
  const running = useRef<Promise<void>>(Promise.resolve());
  const schedule = useCallback(
    (threadId: string | null) => {
      const state = pending.current;
      if (threadId === null) state.threadIds = null;
      else state.threadIds?.add(threadId);
      state.timer ??= setTimeout(() => {
        const threadIds = state.threadIds && [...state.threadIds];
        state.timer = undefined;
        state.threadIds = new Set();
        running.current = running.current.then(() => refreshThreads(queryClient, threadIds));
      }, COALESCE_MS);
    },
    [queryClient],
  );
  useEffect(() => () => clearTimeout(pending.current.timer), []);
  useLiveEvents(SMS_EVENTS_URL, (event) => schedule(event.data.threadId), {
    events: SMS_EVENTS,
    onResync: () => schedule(null),
  });
}
