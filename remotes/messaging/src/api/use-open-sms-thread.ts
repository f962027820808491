import { callRoute } from '@annie/api-client/call-route';
import { smsThreadsQueryKey } from '@annie/api-client/sms/use-sms-threads';
import type { SmsThreadReadResponse } from '@annie/contracts/sms';
import * as routes from '@annie/contracts/sms-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { smsThreadQueryOptions } from './sms-thread-query.ts';

/** Starts the thread with `phone` if it is new, and marks it read. */
export async function markSmsThreadRead(phone: string): Promise<SmsThreadReadResponse> {
  return callRoute(routes.openSmsThread, { params: { phone } });
}

/**
 * The thread the user has open: marked read (and started, for a new number) first, then read; marked
 * read again whenever texts arrive while it is open. Reading it alone changes nothing.
 */
export function useOpenSmsThread(phone: string) {
  const queryClient = useQueryClient();
  const [markedPhone, setMarkedPhone] = useState<string>();
  const { mutate: markRead } = useMutation({
    mutationFn: markSmsThreadRead,
    onSettled: (_answer, _error, marked) => {
      setMarkedPhone(marked);
      return queryClient.invalidateQueries({ queryKey: smsThreadsQueryKey });
    },
  });
  useEffect(() => markRead(phone), [phone, markRead]);
  const opened = markedPhone === phone;
  const thread = useQuery({ ...smsThreadQueryOptions(phone), enabled: opened });
  const unread = thread.data?.meta.unreadCount ?? 0;
  useEffect(() => {
    if (opened && unread > 0) markRead(phone);
  }, [opened, unread, phone, markRead]);
  return thread;
}
