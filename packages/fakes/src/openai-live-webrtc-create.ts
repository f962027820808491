import type { IncomingMessage, ServerResponse } from 'node:http';
import { startRefusal } from './openai-live-config.ts';
import { LiveFakeSession } from './openai-live-fake-session.ts';
import type { LiveFakeScript } from './openai-live-script.ts';
import { checkClientConfig, type DataChannelPermissions, LiveWebRtcWire } from './openai-live-webrtc.ts';

const MAX_BODY_BYTES = 512 * 1024;
type Json = Record<string, unknown>;

function readJson(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) request.destroy(new Error('Body too large'));
      else chunks.push(chunk);
    });
    request.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch (error) {
        reject(error);
      }
    });
    request.on('error', reject);
  });
}

function fail(response: ServerResponse, status: number, message: string, code: string, param?: string) {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(
    JSON.stringify({ error: { message, type: 'invalid_request_error', param: param ?? null, code } }),
  );
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A WebRTC session the fake created: the session and its frontend's wire (data channel, media). */
export type LiveWebRtcSession = { session: LiveFakeSession; wire: LiveWebRtcWire };

/**
 * `POST /v1/live/sessions` (`client.live.create`): `{ session: MediaSessionConfig, transport: { type:
 * 'webrtc', sdp } }`, checked as strictly as `session.start` (no `audio.format`: WebRTC negotiates it)
 * plus `client.data_channel`; answers JSON `{ session: { id }, transport: { type: 'webrtc', sdp } }`.
 * The session has started when the answer goes out: `session.started` waits for the data channel.
 */
export async function createWebRtcSession(
  request: IncomingMessage,
  response: ServerResponse,
  options: { apiKey?: string; script: () => LiveFakeScript; created: (created: LiveWebRtcSession) => void },
): Promise<void> {
  if (options.apiKey && request.headers.authorization !== `Bearer ${options.apiKey}`)
    return fail(response, 401, 'Incorrect API key provided.', 'invalid_api_key');
  let body: unknown;
  try {
    body = await readJson(request);
  } catch {
    return fail(response, 400, 'The body is not valid JSON.', 'invalid_json');
  }
  if (!isObject(body)) return fail(response, 400, 'The body must be an object.', 'invalid_value');
  const extra = Object.keys(body).find((key) => key !== 'session' && key !== 'transport');
  if (extra) return fail(response, 400, `Unknown parameter: '${extra}'.`, 'unknown_parameter', extra);
  const transport = body.transport;
  if (!isObject(transport) || transport.type !== 'webrtc' || typeof transport.sdp !== 'string')
    return fail(response, 400, "transport must be { type: 'webrtc', sdp }.", 'invalid_value', 'transport');
  if (!transport.sdp.startsWith('v=0') || !/\r?\nm=audio /.test(transport.sdp))
    return fail(response, 400, 'Invalid SDP offer.', 'invalid_offer', 'transport.sdp');
  const session = body.session as Json;
  const refusal = startRefusal(session, false) ?? checkClientConfig(session?.client);
  if (refusal) {
    const status = refusal.code === 'model_not_found' ? 404 : 400;
    return fail(response, status, refusal.message, refusal.code, refusal.param);
  }
  const client = session.client as { data_channel?: DataChannelPermissions } | undefined;
  const wire = new LiveWebRtcWire(client?.data_channel ?? {});
  const live = new LiveFakeSession(wire, options.script);
  wire.onMicrophonePacket = () => live.heardPacket();
  const sdp = await wire.answer(transport.sdp);
  live.begin(session);
  options.created({ session: live, wire });
  response.writeHead(200, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify({ session: { id: live.id }, transport: { type: 'webrtc', sdp } }));
}
