import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../call-route.ts';
import type { IceServer } from '../contracts/realtime.ts';
import { getIceServers as getIceServersRoute } from '../contracts/realtime-routes.ts';

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
