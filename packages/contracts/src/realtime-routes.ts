// The voice page's browser realtime calls: the ICE servers of its peer connection, and the SDP offer
// that starts a call (raw SDP in and out, so the browser sends it to `routeUrl(postRealtimeOffer)`).
import {
  CALL_SESSION_HEADER,
  iceServersResponseSchema,
  REALTIME_CALL_HEADER,
  SDP_CONTENT_TYPE,
  SDP_OFFER_MAX_BYTES,
  VOICE_ENGINE_HEADER,
} from './realtime.ts';
import { route } from './route.ts';

/** The 503 message of POST /api/realtime/offer when OpenAI is not configured. */
export const REALTIME_NOT_CONFIGURED = 'OpenAI is not configured: set OPENAI_API_KEY';

export const getIceServers = route({
  method: 'get',
  path: '/api/realtime/ice-servers',
  summary: "ICE servers for the voice page's RTCPeerConnection (from WEBRTC_ICE_SERVERS)",
  access: 'signed-in',
  responses: { 200: { description: 'The ICE servers', schema: iceServersResponseSchema } },
});

export const postRealtimeOffer = route({
  method: 'post',
  path: '/api/realtime/offer',
  summary: "Start a browser realtime call: the browser's SDP offer in, OpenAI's SDP answer out",
  description: `The body is the SDP offer as \`${SDP_CONTENT_TYPE}\` text (at most ${SDP_OFFER_MAX_BYTES} bytes). The server posts it to OpenAI's Realtime calls endpoint with the tenant's compiled session (instructions, voice, model, transcription, turn detection, tools, tool choice auto) and answers 201 with the SDP answer. The server attaches to the call over OpenAI's sideband WebSocket and records its figures (latency, interruptions, tools, tokens, cost; source server) when it ends. The call is recorded as the caller's call session (channel webrtc): \`${CALL_SESSION_HEADER}\` carries its id (end it with POST /api/calls/{id}/end), \`${REALTIME_CALL_HEADER}\` OpenAI's call id. When the default profile's engine (or its split) picks GPT-Live, the server creates a Live WebRTC session instead (\`client.live.create\`) whose data channel may send nothing and hears only transcript deltas, attaches its sideband before answering, and runs the greeting, the tools and the figures there; \`${VOICE_ENGINE_HEADER}\` says which engine (\`realtime\` or \`live\`).`,
  access: 'signed-in',
  responses: { 201: { description: 'The SDP answer', contentType: SDP_CONTENT_TYPE } },
  errors: {
    400: 'The body is not an SDP offer with audio',
    402: "The month's usage budget is spent and the tenant's hard stop refuses new calls",
    413: `The offer is larger than ${SDP_OFFER_MAX_BYTES} bytes`,
    415: `The body is not ${SDP_CONTENT_TYPE}`,
    429: 'The user started more calls this minute than REALTIME_OFFERS_PER_MINUTE allows; see Retry-After',
    502: 'OpenAI refused the call or could not be reached; the message says why',
    503: `${REALTIME_NOT_CONFIGURED} (or the database is briefly unavailable)`,
  },
});
