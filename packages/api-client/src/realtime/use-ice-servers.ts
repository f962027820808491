import { queryOptions, useQuery } from '@tanstack/react-query';
import { type IceServer, iceServersResponseSchema } from '../contracts/realtime.ts';
import { apiJson } from '../http.ts';

/** GET /api/realtime/ice-servers: the RTCPeerConnection's `iceServers` (empty on loopback). */
export async function getIceServers(signal?: AbortSignal): Promise<IceServer[]> {
  const body = await apiJson<unknown>('GET', '/api/realtime/ice-servers', undefined, { signal });
  return iceServersResponseSchema.parse(body).iceServers;
}

/** Query options for the ICE servers; they only change with a restart, so they are read once per session. */
export function iceServersQueryOptions() {
  return queryOptions({
    queryKey: ['/api/realtime/ice-servers'] as const,
    queryFn: ({ signal }) => getIceServers(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The ICE servers for the voice page's peer connection (prefetch them before the call button is pressed). */
export function useIceServers() {
  return useQuery(iceServersQueryOptions());
}
