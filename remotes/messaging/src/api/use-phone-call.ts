import { callRoute } from '@annie/api-client/call-route';
import { callSessionsQueryKey } from '@annie/api-client/calls/call-sessions-query-key';
import { useLiveEvents } from '@annie/api-client/live/use-live-events';
import { callEvents } from '@annie/contracts/calls-routes';
import { CALL_LIVE_EVENT, callLiveEventSchema, type PhoneCallDto } from '@annie/contracts/phone-calls';
import * as routes from '@annie/contracts/phone-calls-routes';
import { routeUrl } from '@annie/contracts/route';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/** The server-sent event stream of the signed-in user's calls. */
export const CALL_EVENTS_URL = routeUrl(callEvents);

const CALL_EVENTS = { [CALL_LIVE_EVENT]: callLiveEventSchema };

/** One of the user's phone calls, by its call session id: status, purpose, transcript. */
export async function getPhoneCall(id: string, signal?: AbortSignal): Promise<PhoneCallDto> {
  return callRoute(routes.getPhoneCall, { params: { id } }, { signal });
}

/** Query options of one phone call, keyed under Call History's key (a call changes the history too). */
export function phoneCallQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...callSessionsQueryKey, 'phone', id] as const,
    queryFn: ({ signal }) => getPhoneCall(id, signal),
  });
}

/**
 * Keeps the user's calls current without polling while mounted: each live event for a call refreshes
 * it (and Call History), as does a reconnect. Mount it before the call is placed, so that none of the
 * call's first events is missed.
 */
export function useCallLiveEvents(): void {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: callSessionsQueryKey }),
    [queryClient],
  );
  useLiveEvents(CALL_EVENTS_URL, refresh, { events: CALL_EVENTS, onResync: refresh });
}

/** One phone call, once its id is known (`undefined`: not yet placed). */
export function usePhoneCall(id: string | undefined) {
  return useQuery({ ...phoneCallQueryOptions(id ?? ''), enabled: id !== undefined });
}

/** End: hangs the call up; its answer (and then its events) update the panel. */
export function useEndPhoneCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callRoute(routes.endPhoneCall, { params: { id } }),
    onSuccess: (call) => queryClient.setQueryData(phoneCallQueryOptions(call.id).queryKey, call),
  });
}
