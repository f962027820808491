import { callRoute } from '@annie/api-client/call-route';
import type { IceServer } from '@annie/contracts/realtime';
import { getIceServers as getIceServersRoute } from '@annie/contracts/realtime-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/realtime/ice-servers: the RTCPeerConnection's `iceServers` (empty on loopback). */
export async function getIceServers(signal?: AbortSignal): Promise<IceServer[]> {
  return (await callRoute(getIceServersRoute, {}, { signal })).iceServers;
}

/** Query options for the ICE servers; they only change with a restart, so they are read once per session. */
export function iceServersQueryOptions() {
  return queryOptions({
    queryKey: [getIceServersRoute.path] as const,
    queryFn: ({ signal }) => getIceServers(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The ICE servers for the voice page's peer connection (prefetch them before the call button is pressed). */
export function useIceServers() {
  return useQuery(iceServersQueryOptions());
}
