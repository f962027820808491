import type { ServerResponse } from 'node:http';
import type { RealtimeWebRtcCall } from './openai-realtime-webrtc-call.ts';
import type { FakeUserTurn, RealtimeWebRtcScript } from './openai-realtime-webrtc-script.ts';
import { matchesPattern } from './realtime-event-log.ts';

/** What the control endpoints drive. */
export type WebRtcFakeControls = {
  calls: RealtimeWebRtcCall[];
  setScript: (changes: Partial<RealtimeWebRtcScript>) => RealtimeWebRtcScript;
  failNextCall: (failure: WebRtcFakeFailure) => void;
  reset: () => Promise<void>;
};

/** An OpenAI error the next `POST /v1/realtime/calls` answers with. */
export type WebRtcFakeFailure = { status: number; message: string; code?: string };

export const WEBRTC_CONTROL_PREFIX = '/__fake/';
const MAX_WAIT_MS = 60_000;

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

function findCall(calls: RealtimeWebRtcCall[], ref: string): RealtimeWebRtcCall | undefined {
  return ref === 'latest' ? calls.at(-1) : calls.find((call) => call.id === ref);
}

function parse(body: string): Record<string, unknown> | null {
  try {
    const value: unknown = body.trim() ? JSON.parse(body) : {};
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * Test-only controls, not part of OpenAI's API (`:call` is a call id or `latest`):
 * - `GET /__fake/calls`, `GET /__fake/calls/:call` — each call's `id`, `offeredSession`, `session`,
 *   `channelOpen`, `ended`, `rtpPacketsReceived`, `rtpPacketsSent`, `received` (every client event), `toolOutputs`;
 * - `POST /__fake/calls/:call/wait-for-event {type, match?, after?, timeoutMs?}` — 200 `{index, event}` once
 *   the client sent an event of `type` containing `match` (a deep partial) at index ≥ `after`; 408 on timeout
 *   (default 10 s, at most 60 s);
 * - `POST /__fake/calls/:call/user-turn {transcript, functionCall?: {name, arguments} | null, reply?}` — "the
 *   user said…": speech started/stopped, transcripts, then a function call (spoken `replyAfterTool` once its
 *   output and `response.create` are back) or a spoken reply; 202;
 * - `POST /__fake/script {…}` — changes the script (RealtimeWebRtcScript's fields) for live and later calls;
 *   an unknown field is 400;
 * - `POST /__fake/fail-next-call {status, message, code?}` — the next offer is refused with that OpenAI error;
 * - `POST /__fake/reset` — hangs up and forgets every call, restores the start script, disarms the failure.
 */
export async function handleWebRtcControl(
  controls: WebRtcFakeControls,
  method: string,
  path: string,
  body: string,
  res: ServerResponse,
): Promise<void> {
  const parts = path.slice(WEBRTC_CONTROL_PREFIX.length).split('/');
  const [resource, ref, action] = parts;
  if (method === 'GET' && resource === 'calls' && parts.length === 1) {
    return reply(
      res,
      200,
      controls.calls.map((call) => call.summary()),
    );
  }
  const call = resource === 'calls' && ref ? findCall(controls.calls, ref) : undefined;
  if (resource === 'calls' && ref && !call) return reply(res, 404, { message: `No call ${ref}` });
  if (method === 'GET' && call && parts.length === 2) return reply(res, 200, call.summary());
  if (method !== 'POST') return reply(res, 405, { message: 'Method not allowed' });
  const input = parse(body);
  if (!input) return reply(res, 400, { message: 'Send a JSON object' });

  if (call && action === 'wait-for-event') {
    if (typeof input.type !== 'string') return reply(res, 400, { message: 'type is required' });
    const timeoutMs = Math.min(Number(input.timeoutMs ?? 10_000), MAX_WAIT_MS);
    try {
      const found = await call.waitForClientEvent(
        input.type,
        (event) => input.match === undefined || matchesPattern(event, input.match),
        { after: Number(input.after ?? 0), timeoutMs },
      );
      return reply(res, 200, found);
    } catch (error) {
      return reply(res, 408, { message: (error as Error).message });
    }
  }
  if (call && action === 'user-turn') {
    if (typeof input.transcript !== 'string') return reply(res, 400, { message: 'transcript is required' });
    void call.userSays(input as unknown as FakeUserTurn);
    return reply(res, 202, { accepted: true });
  }
  if (resource === 'script' && parts.length === 1) {
    try {
      return reply(res, 200, controls.setScript(input as Partial<RealtimeWebRtcScript>));
    } catch (error) {
      return reply(res, 400, { message: (error as Error).message });
    }
  }
  if (resource === 'fail-next-call' && parts.length === 1) {
    controls.failNextCall({
      status: Number(input.status ?? 500),
      message: String(input.message ?? 'The server had an error'),
      code: typeof input.code === 'string' ? input.code : undefined,
    });
    return reply(res, 200, { armed: true });
  }
  if (resource === 'reset' && parts.length === 1) {
    await controls.reset();
    return reply(res, 200, { reset: true });
  }
  return reply(res, 404, { message: `Unknown control ${path}` });
}
