import { ApiError, identityHeaders } from '@annie/api-client/http';
import type { RealtimeOfferAnswer } from './realtime-connection.ts';

// PROVISIONAL: these stand in for the realtime engineer's client function and configuration
// until they land on main; each is replaced by an import of theirs.

/** A public STUN server (part 1 §7) until the ICE servers come from configuration. */
export const ICE_SERVERS: RTCIceServer[] = [{ urls: 'stun:stun.l.google.com:19302' }];

/** POST /api/realtime/offer: the SDP offer in, the SDP answer out (part 1 §7, §8). */
export async function postRealtimeOffer(offerSdp: string): Promise<RealtimeOfferAnswer> {
  const response = await fetch('/api/realtime/offer', {
    method: 'POST',
    headers: { ...identityHeaders(), 'Content-Type': 'application/sdp' },
    body: offerSdp,
    credentials: 'include',
  });
  if (!response.ok) {
    const cause = new ApiError(response.status, response.statusText, await response.text());
    throw new Error(`Failed to get answer: ${response.status}`, { cause });
  }
  return { sdp: await response.text(), callSessionId: response.headers.get('X-Call-Session-Id') };
}
