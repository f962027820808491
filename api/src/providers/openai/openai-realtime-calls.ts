import OpenAI from 'openai';
import type { RealtimeSessionCreateRequest } from 'openai/resources/realtime/realtime';

/** Where and how to reach OpenAI's Realtime calls endpoint; built from OPENAI_* in config/env.ts. */
export type RealtimeCallsConfig = {
  apiKey: string;
  /** `https://api.openai.com/v1` unless set; a loopback fake in tests. */
  baseURL?: string;
  timeoutMs?: number;
};

/** A call OpenAI accepted: the SDP answer for the browser and the call id (`rtc_…`) from `Location`. */
export type RealtimeCallAnswer = { sdp: string; callId: string | null };

/** OpenAI refused or could not be reached; the message is safe to show the user. */
export class RealtimeCallError extends Error {
  override name = 'RealtimeCallError';
  readonly status: number | undefined;

  constructor(message: string, status: number | undefined, cause?: unknown) {
    super(message, { cause });
    this.status = status;
  }
}

export type RealtimeCalls = {
  create: (offerSdp: string, session: RealtimeSessionCreateRequest) => Promise<RealtimeCallAnswer>;
  /** Ends a call OpenAI is running (e.g. one the app could not record). */
  hangup: (callId: string) => Promise<void>;
};

/** The call id at the end of `Location: /v1/realtime/calls/rtc_…`. */
export function callIdOf(location: string | null): string | null {
  const id = location?.split('?')[0]?.split('/').filter(Boolean).at(-1);
  return id?.startsWith('rtc_') ? id : null;
}

export function reasonOf(error: unknown): { message: string; status: number | undefined } {
  if (error instanceof OpenAI.APIError) {
    const detail = (error.error as { message?: unknown } | undefined)?.message;
    const text = typeof detail === 'string' && detail ? detail : error.message;
    return { message: text, status: error.status };
  }
  return { message: error instanceof Error ? error.message : String(error), status: undefined };
}

/**
 * Browser calls over WebRTC with the official SDK: `client.realtime.calls.create`
 * posts the offer and the session as multipart to `/realtime/calls` and returns the raw Response.
 */
export function createRealtimeCalls(config: RealtimeCallsConfig): RealtimeCalls {
  const client = new OpenAI({
    apiKey: config.apiKey,
    baseURL: config.baseURL,
    maxRetries: 0,
    timeout: config.timeoutMs ?? 15_000,
  });
  return {
    async create(offerSdp, session) {
      let response: Response;
      try {
        response = await client.realtime.calls.create({ sdp: offerSdp, session });
      } catch (error) {
        const { message, status } = reasonOf(error);
        throw new RealtimeCallError(`OpenAI refused the call: ${message}`, status, error);
      }
      const sdp = await response.text();
      if (!sdp.startsWith('v=0'))
        throw new RealtimeCallError('OpenAI answered without an SDP answer', response.status);
      return { sdp, callId: callIdOf(response.headers.get('location')) };
    },
    async hangup(callId) {
      await client.realtime.calls.hangup(callId);
    },
  };
}
