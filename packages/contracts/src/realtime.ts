import { z } from 'zod';

/** Largest SDP offer POST /api/realtime/offer reads (a browser's audio + data offer is a few KB). */
export const SDP_OFFER_MAX_BYTES = 64 * 1024;

/** The offer's and the answer's content type. */
export const SDP_CONTENT_TYPE = 'application/sdp';

/** Response header of POST /api/realtime/offer: the call session recorded for this call (end it with POST /api/calls/:id/end). */
export const CALL_SESSION_HEADER = 'X-Call-Session-Id';

/** Response header of POST /api/realtime/offer: OpenAI's id of the call (`rtc_…`). */
export const REALTIME_CALL_HEADER = 'X-Realtime-Call-Id';

/**
 * Response header of POST /api/realtime/offer: the engine the call runs on (the default profile's, or
 * by its split the other). `live`: GPT-Live, whose data channel only hears transcripts; the server runs
 * the session (greeting, tools) over its sideband.
 */
export const VOICE_ENGINE_HEADER = 'X-Voice-Engine';

/** One entry of RTCConfiguration.iceServers. */
export const iceServerSchema = z.strictObject({
  urls: z.array(z.string()).min(1),
  username: z.string().optional(),
  credential: z.string().optional(),
});

/** GET /api/realtime/ice-servers: what the voice page gives its RTCPeerConnection (empty on loopback). */
export const iceServersResponseSchema = z.strictObject({ iceServers: z.array(iceServerSchema) });

export type IceServer = z.infer<typeof iceServerSchema>;
export type IceServersResponse = z.infer<typeof iceServersResponseSchema>;
