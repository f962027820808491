import { callSessionsQueryKey } from '@annie/api-client/calls/call-sessions-query-key';
import { useLiveEvents } from '@annie/api-client/live/use-live-events';
import { callEvents } from '@annie/contracts/calls-routes';
import { CALL_LIVE_EVENT, callLiveEventSchema, type PhoneCallStatus } from '@annie/contracts/phone-calls';
import { routeUrl } from '@annie/contracts/route';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';

const CALL_EVENTS_URL = routeUrl(callEvents);
const CALL_EVENTS = { [CALL_LIVE_EVENT]: callLiveEventSchema };

/**
 * Keeps Call Logs live while mounted, without polling: each event of the user's calls (a new call, its
 * transcript, its end, a phone call's status) refreshes the list, as does a reconnect. Answers the last
 * status each phone call reported, so a call still ringing says so.
 */
export function useCallLogLive(): ReadonlyMap<string, PhoneCallStatus> {
  const queryClient = useQueryClient();
  const [statuses, setStatuses] = useState<ReadonlyMap<string, PhoneCallStatus>>(new Map());
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: callSessionsQueryKey }),
    [queryClient],
  );
  useLiveEvents(
    CALL_EVENTS_URL,
    ({ data }) => {
      const status = data.status;
      if (status) setStatuses((current) => new Map(current).set(data.id, status));
      refresh();
    },
    { events: CALL_EVENTS, onResync: refresh },
  );
  return statuses;
}
