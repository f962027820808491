import { callRoute } from '@annie/api-client/call-route';
import { isApiError } from '@annie/api-client/http';
import { pendingActionsQueryOptions } from '@annie/api-client/trust/use-pending-actions';
import { listCallSessions } from '@annie/contracts/calls-routes';
import { listCallMessages } from '@annie/contracts/trust-routes';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { contactTimeline } from '../lib/contact-timeline.ts';
import { smsThreadQueryOptions } from './sms-thread-query.ts';

/**
 * The timeline with the person at `phone`: their thread's latest texts (none before a first text), the
 * latest 100 calls, the messages they left and the requests they made, merged newest first.
 */
export function useContactTimeline(phone: string) {
  // One useQuery each: useQueries is not in the shell's shared react-query surface.
  const thread = useQuery({ ...smsThreadQueryOptions(phone), retry: false });
  const calls = useQuery({
    queryKey: [listCallSessions.path, 'timeline'] as const,
    queryFn: ({ signal }) => callRoute(listCallSessions, { query: { limit: 100 } }, { signal }),
  });
  const messages = useQuery({
    queryKey: [listCallMessages.path] as const,
    queryFn: ({ signal }) => callRoute(listCallMessages, {}, { signal }),
  });
  const requests = useQuery(pendingActionsQueryOptions());
  const noThread = isApiError(thread.error?.cause) && thread.error.cause.status === 404;
  const loading =
    [calls, messages, requests].some((query) => query.isPending) || (thread.isPending && !noThread);
  const failed = [calls, messages, requests].some((query) => query.isError) || (thread.isError && !noThread);
  const entries = useMemo(
    () =>
      contactTimeline({
        phone,
        texts: thread.data?.messages ?? [],
        calls: calls.data ?? [],
        messages: messages.data ?? [],
        requests: requests.data?.items ?? [],
      }),
    [phone, thread.data, calls.data, messages.data, requests.data],
  );
  const retry = () => {
    for (const query of [thread, calls, messages, requests]) if (query.isError) void query.refetch();
  };
  return { entries, loading, failed, retry };
}
