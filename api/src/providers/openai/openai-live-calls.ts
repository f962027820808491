import OpenAI from 'openai';
import type { MediaSessionConfig } from 'openai/resources/live/live';
import { SidebandWS } from 'openai/resources/live/sideband/ws';
import { RealtimeCallError, reasonOf } from './openai-realtime-calls.ts';
import type { RealtimeProviderSettings } from './openai-realtime-ws.ts';

/** A Live WebRTC session OpenAI created: its id (`live_…`, for the sideband) and the browser's SDP answer. */
export type LiveCallAnswer = { sessionId: string; sdp: string };

export type LiveCalls = {
  /** `client.live.create`: the browser's offer and the session, posted with the API key (server side only). */
  create: (offerSdp: string, session: MediaSessionConfig) => Promise<LiveCallAnswer>;
  /** Attaches the trusted sideband (`/v1/live/sessions/{id}/attach`); resolves once it is open. */
  attach: (sessionId: string) => Promise<SidebandWS>;
};

/**
 * Browser calls on GPT-Live with the official SDK: `client.live.create` posts JSON to
 * `/v1/live/sessions` at `callsBaseURL`, and `SidebandWS` attaches at `sideband.baseURL` (wss, with its
 * CA in tests). A refusal is a RealtimeCallError, which the route answers with 502 as for Realtime.
 */
export function createLiveCalls(config: {
  apiKey: string;
  callsBaseURL?: string;
  sideband: RealtimeProviderSettings;
  timeoutMs?: number;
}): LiveCalls {
  const client = new OpenAI({
    apiKey: config.apiKey,
    baseURL: config.callsBaseURL,
    maxRetries: 0,
    timeout: config.timeoutMs ?? 15_000,
  });
  const sidebandClient = new OpenAI({
    apiKey: config.sideband.apiKey,
    baseURL: config.sideband.baseURL,
    maxRetries: 0,
  });
  return {
    async create(offerSdp, session) {
      try {
        const created = await client.live.create({ session, transport: { type: 'webrtc', sdp: offerSdp } });
        if (!created.transport?.sdp?.startsWith('v=0'))
          throw new RealtimeCallError('OpenAI answered without an SDP answer', undefined);
        return { sessionId: created.session.id, sdp: created.transport.sdp };
      } catch (error) {
        if (error instanceof RealtimeCallError) throw error;
        const { message, status } = reasonOf(error);
        throw new RealtimeCallError(`OpenAI refused the call: ${message}`, status, error);
      }
    },
    attach(sessionId) {
      const ca = config.sideband.ca;
      const sideband = new SidebandWS(sidebandClient, { session_id: sessionId }, ca ? { ca } : undefined);
      const raw = sideband.socket.platformSocket;
      return new Promise((resolve, reject) => {
        const fail = (error: unknown) => {
          raw.removeAllListeners('open');
          reject(new Error(`GPT-Live sideband failed: ${(error as Error).message ?? error}`));
        };
        // An error listener is mandatory: the SDK reports failures as unhandled rejections otherwise.
        sideband.on('error', fail);
        raw.once('unexpected-response', (_request, response) => {
          response.resume();
          raw.terminate();
          fail(new Error(`HTTP ${response.statusCode}`));
        });
        raw.once('open', () => {
          sideband.off('error', fail);
          resolve(sideband);
        });
      });
    },
  };
}
