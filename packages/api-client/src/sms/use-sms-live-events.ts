import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { contactsQueryKey } from '../contacts/use-contacts.ts';
import { smsLiveEventSchema } from '../contracts/sms.ts';
import { useLiveEvents } from '../live/use-live-events.ts';
import { smsThreadsQueryKey } from './use-sms-threads.ts';

/** The server-sent event stream of the tenant's SMS changes. */
export const SMS_EVENTS_URL = '/api/sms/events';

const SMS_EVENTS = { sms: smsLiveEventSchema };

// A send is followed by its statuses within moments; one refresh covers a burst.
const COALESCE_MS = 30;

/**
 * Keeps the thread list, the open thread and the contacts' unread counts current without polling: a new
 * text, a status or a draft invalidates them (bursts coalesced), as does a reconnect.
 */
export function useSmsLiveEvents(): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const refresh = useCallback(() => {
    timer.current ??= setTimeout(() => {
      timer.current = undefined;
      void queryClient.invalidateQueries({ queryKey: smsThreadsQueryKey });
      void queryClient.invalidateQueries({ queryKey: contactsQueryKey });
    }, COALESCE_MS);
  }, [queryClient]);
  useEffect(() => () => clearTimeout(timer.current), []);
  useLiveEvents(SMS_EVENTS_URL, refresh, { events: SMS_EVENTS, onResync: refresh });
}
