import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { opusFixture } from './ogg-opus-packets.ts';
import { modelNotFound, modelObject, servesModel } from './openai-models.ts';
import { RealtimeWebRtcCall } from './openai-realtime-webrtc-call.ts';
import {
  handleWebRtcControl,
  WEBRTC_CONTROL_PREFIX,
  type WebRtcFakeFailure,
} from './openai-realtime-webrtc-control.ts';
import {
  DEFAULT_WEBRTC_SCRIPT,
  type RealtimeWebRtcScript,
  withScriptChanges,
} from './openai-realtime-webrtc-script.ts';
import { startWebRtcSideband, type WebRtcSidebandServer } from './openai-realtime-webrtc-sideband.ts';

export { EVENTS_CHANNEL, RealtimeWebRtcCall } from './openai-realtime-webrtc-call.ts';
export type { WebRtcFakeFailure } from './openai-realtime-webrtc-control.ts';
export {
  DEFAULT_WEBRTC_SCRIPT,
  type FakeFunctionCall,
  type FakeUserTurn,
  type RealtimeWebRtcScript,
} from './openai-realtime-webrtc-script.ts';

export type OpenAIRealtimeWebRtcFake = {
  /** `http://127.0.0.1:PORT`: the control endpoints live under `/__fake/`. */
  url: string;
  /** The `baseURL` to give the OpenAI client: `http://127.0.0.1:PORT/v1`. */
  baseURL: string;
  /** The server-side ("sideband") WebSocket to a call, over TLS: its `baseURL` and certificate. */
  sideband: WebRtcSidebandServer;
  /** Every call, in the order the offers came. */
  calls: RealtimeWebRtcCall[];
  /** Resolves with the next call (or the first unclaimed one already answered). */
  nextCall: () => Promise<RealtimeWebRtcCall>;
  /** Changes the script of calls from now on and of the live ones; returns the whole script. */
  setScript: (changes: Partial<RealtimeWebRtcScript>) => RealtimeWebRtcScript;
  /** The next offer is refused with this OpenAI error (once). */
  failNextCall: (failure: WebRtcFakeFailure) => void;
  /** Hangs up every call and forgets them, the script and any armed failure. */
  reset: () => Promise<void>;
  close: () => Promise<void>;
};

export type OpenAIRealtimeWebRtcFakeOptions = {
  port?: number;
  host?: string;
  /** When set, only `Authorization: Bearer <apiKey>` is accepted. */
  apiKey?: string;
  script?: Partial<RealtimeWebRtcScript>;
};

const MAX_OFFER_BYTES = 256 * 1024;
const CALLS_PATH = '/v1/realtime/calls';

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_OFFER_BYTES) request.destroy(new Error('Body too large'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function openAiError(res: ServerResponse, status: number, message: string, code: string | null = null) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ error: { message, type: 'invalid_request_error', param: null, code } }));
}

/** The offer and session of `POST /v1/realtime/calls`: multipart (the SDK) or a bare `application/sdp` body. */
async function offerOf(
  request: IncomingMessage,
  body: Buffer,
): Promise<{ sdp: string; session: Record<string, unknown> | null }> {
  const type = request.headers['content-type'] ?? '';
  if (type.startsWith('application/sdp')) return { sdp: body.toString('utf8'), session: null };
  if (!type.startsWith('multipart/form-data'))
    throw new Error(`Unsupported content type ${type || '(none)'}`);
  // Node's own Request parses the multipart form the SDK sends.
  const form = await new Request('http://fake/', {
    method: 'POST',
    headers: { 'content-type': type },
    body: new Uint8Array(body),
  }).formData();
  const sdp = form.get('sdp');
  const session = form.get('session');
  return {
    sdp: typeof sdp === 'string' ? sdp : sdp ? await sdp.text() : '',
    session:
      session === null ? null : JSON.parse(typeof session === 'string' ? session : await session.text()),
  };
}

const looksLikeOffer = (sdp: string) => sdp.startsWith('v=0') && /\r?\nm=/.test(sdp);

/**
 * A loopback OpenAI Realtime API for WebRTC calls: `POST /v1/realtime/calls` (multipart or raw SDP) answers
 * 201 with an SDP answer from a werift peer and `Location: /v1/realtime/calls/rtc_…`; each call plays the
 * script (see RealtimeWebRtcCall). Tests in another process drive it through `/__fake/` (see the control file).
 */
export async function startOpenAIRealtimeWebRtcFake(
  options: OpenAIRealtimeWebRtcFakeOptions = {},
): Promise<OpenAIRealtimeWebRtcFake> {
  const initialScript = withScriptChanges(DEFAULT_WEBRTC_SCRIPT, options.script ?? {});
  let script = initialScript;
  let failure: WebRtcFakeFailure | null = null;
  const calls: RealtimeWebRtcCall[] = [];
  let claimed = 0;
  const waiting: ((call: RealtimeWebRtcCall) => void)[] = [];

  const setScript = (changes: Partial<RealtimeWebRtcScript>) => {
    script = withScriptChanges(script, changes);
    for (const call of calls) call.setScript(script);
    return script;
  };
  const reset = async () => {
    await Promise.all(calls.map((call) => call.hangup('the fake was reset')));
    calls.length = 0;
    claimed = 0;
    script = initialScript;
    failure = null;
  };

  async function createCall(request: IncomingMessage, res: ServerResponse, body: Buffer) {
    if (options.apiKey && request.headers.authorization !== `Bearer ${options.apiKey}`) {
      return openAiError(res, 401, 'Incorrect API key provided.', 'invalid_api_key');
    }
    if (failure) {
      const { status, message, code } = failure;
      failure = null;
      return openAiError(res, status, message, code ?? null);
    }
    let offer: Awaited<ReturnType<typeof offerOf>>;
    try {
      offer = await offerOf(request, body);
    } catch (error) {
      return openAiError(res, 400, `Invalid request: ${(error as Error).message}`);
    }
    if (!looksLikeOffer(offer.sdp)) return openAiError(res, 400, 'Invalid SDP offer.', 'invalid_offer');
    // The session's model is chosen here, once; one OpenAI does not serve fails the call.
    const model = offer.session?.model;
    if (model !== undefined && !servesModel(model)) {
      return openAiError(res, 404, modelNotFound(model).message, 'model_not_found');
    }
    const { call, sdp } = await RealtimeWebRtcCall.answer(offer.sdp, {
      session: offer.session,
      script,
      audio: opusFixture(script.audioFixture),
    });
    calls.push(call);
    const waiter = waiting.shift();
    if (waiter) {
      claimed += 1;
      waiter(call);
    }
    res.writeHead(201, { 'Content-Type': 'application/sdp', Location: `${CALLS_PATH}/${call.id}` });
    res.end(sdp);
  }

  /** GET /v1/models/{id}, as the API answers it (the doctor checks the configured models with it). */
  function retrieveModel(request: IncomingMessage, res: ServerResponse, id: string) {
    if (options.apiKey && request.headers.authorization !== `Bearer ${options.apiKey}`) {
      return openAiError(res, 401, 'Incorrect API key provided.', 'invalid_api_key');
    }
    const model = modelObject(id);
    if (!model) return openAiError(res, 404, modelNotFound(id).message, 'model_not_found');
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(model));
  }

  async function hangup(res: ServerResponse, id: string) {
    const call = calls.find((each) => each.id === id);
    if (!call) return openAiError(res, 404, `Call ${id} not found.`, 'call_not_found');
    await call.hangup();
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
  }

  async function route(request: IncomingMessage, res: ServerResponse) {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const body = await readBody(request);
    if (path.startsWith(WEBRTC_CONTROL_PREFIX)) {
      const controls = {
        calls,
        setScript,
        reset,
        failNextCall: (next: WebRtcFakeFailure) => (failure = next),
      };
      return handleWebRtcControl(controls, request.method ?? 'GET', path, body.toString('utf8'), res);
    }
    if (request.method === 'POST' && path === CALLS_PATH) return createCall(request, res, body);
    const modelPath = path.match(/^\/v1\/models\/([^/]+)$/);
    if (request.method === 'GET' && modelPath?.[1])
      return retrieveModel(request, res, decodeURIComponent(modelPath[1]));
    const hangupPath = path.match(/^\/v1\/realtime\/calls\/([^/]+)\/hangup$/);
    if (request.method === 'POST' && hangupPath?.[1]) return hangup(res, hangupPath[1]);
    return openAiError(res, 404, `Unknown path ${path}`);
  }

  const server = createServer((request, res) => {
    route(request, res).catch((error: unknown) => {
      if (!res.headersSent) openAiError(res, 500, (error as Error).message ?? 'Fake failed', 'server_error');
      else res.end();
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const sideband = await startWebRtcSideband({
    host: options.host ?? '127.0.0.1',
    apiKey: options.apiKey,
    findCall: (id) => calls.find((call) => call.id === id),
  });
  return {
    url,
    baseURL: `${url}/v1`,
    sideband,
    calls,
    nextCall: () => {
      const ready = calls[claimed];
      if (ready) {
        claimed += 1;
        return Promise.resolve(ready);
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    setScript,
    failNextCall: (next) => {
      failure = next;
    },
    reset,
    close: async () => {
      await Promise.all(calls.map((call) => call.hangup('the fake closed')));
      await sideband.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
