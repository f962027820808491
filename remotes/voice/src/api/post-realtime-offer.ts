import { apiRequestText, errorMessage, isApiError } from '@annie/api-client/http';
import {
  CALL_SESSION_HEADER,
  REALTIME_CALL_HEADER,
  SDP_CONTENT_TYPE,
  VOICE_ENGINE_HEADER,
} from '@annie/contracts/realtime';
import { postRealtimeOffer as postRealtimeOfferRoute } from '@annie/contracts/realtime-routes';
import { type RouteContract, routeUrl } from '@annie/contracts/route';
import { useMutation } from '@tanstack/react-query';

/** What POST /api/realtime/offer gives the voice page. */
export type RealtimeOfferAnswer = {
  /** The SDP answer for `setRemoteDescription({type: 'answer', sdp})`. */
  sdp: string;
  /** The call session recorded for this call (end it with POST /api/calls/:id/end), when the server keeps one. */
  callSessionId: string | null;
  /** OpenAI's id of the call (`rtc_…`, or a GPT-Live session's `live_…`). */
  realtimeCallId: string | null;
  /** The engine the server put the call on: on `live` the page only shows transcripts (the server runs the call). */
  engine: 'realtime' | 'live';
};

/**
 * POST /api/realtime/offer: the browser's SDP offer (send it without waiting for ICE gathering) in,
 * the SDP answer out. A refusal throws ApiError (503 when OpenAI is not configured, 502 when it refused).
 */
export async function postRealtimeOffer(
  offerSdp: string,
  signal?: AbortSignal,
): Promise<RealtimeOfferAnswer> {
  // Raw SDP both ways, so not `callRoute`: the text goes to the contract's URL as is.
  const url = routeUrl(postRealtimeOfferRoute);
  const response = await apiRequestText('POST', url, offerSdp, SDP_CONTENT_TYPE, { signal });
  const documented: RouteContract['responses'] = postRealtimeOfferRoute.responses;
  if (!documented[response.status]) {
    throw new Error(
      `POST ${postRealtimeOfferRoute.path} answered ${response.status}, which its contract lacks`,
    );
  }
  return {
    sdp: await response.text(),
    callSessionId: response.headers.get(CALL_SESSION_HEADER),
    realtimeCallId: response.headers.get(REALTIME_CALL_HEADER),
    engine: response.headers.get(VOICE_ENGINE_HEADER) === 'live' ? 'live' : 'realtime',
  };
}

/**
 * What the user is told when the offer fails: "Failed to get answer: {status}", with the server's reason
 * (e.g. which variable to set) when it gave one.
 */
export function describeOfferFailure(error: unknown): { title: string; description: string | null } {
  if (!isApiError(error)) return { title: 'Failed to get answer', description: null };
  return { title: `Failed to get answer: ${error.status}`, description: errorMessage(error, '') || null };
}

/** The offer as a mutation (no retries, per the query client's defaults): `mutateAsync(offerSdp)`. */
export function useRealtimeOffer() {
  return useMutation({ mutationFn: (offerSdp: string) => postRealtimeOffer(offerSdp) });
}
