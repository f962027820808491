import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { generate } from 'selfsigned';
import { WebSocketServer } from 'ws';
import { LiveFakeSession } from './openai-live-fake-session.ts';
import { DEFAULT_LIVE_SCRIPT, type LiveFakeScript } from './openai-live-script.ts';
import { createWebRtcSession, type LiveWebRtcSession } from './openai-live-webrtc-create.ts';
import { webSocketWire } from './openai-live-wire.ts';

export { LIVE_MODELS } from './openai-live-config.ts';
export { LiveFakeSession } from './openai-live-fake-session.ts';
export { DEFAULT_LIVE_SCRIPT, type LiveFakeScript, type LiveFakeTurn } from './openai-live-script.ts';

export type OpenAILiveFake = {
  /** The `baseURL` to give the OpenAI client: `https://127.0.0.1:PORT/v1`. */
  baseURL: string;
  /** The PEM certificate it serves; trust it with the SDK's `options.ca`. */
  ca: string;
  /**
   * The same API over plain http (`http://127.0.0.1:PORT/v1`) for `client.live.create`, whose fetch
   * cannot be given the certificate; its sessions' sidebands still attach at `baseURL`.
   */
  callsBaseURL: string;
  /** The WebRTC sessions (`POST /v1/live/sessions`), with their frontends' data channels. */
  webrtc: LiveWebRtcSession[];
  /** Every primary session, in the order they were opened. */
  sessions: LiveFakeSession[];
  /** Resolves with the next primary session (or the first one opened and not yet claimed). */
  nextSession: () => Promise<LiveFakeSession>;
  setScript: (script: Partial<LiveFakeScript>) => void;
  /** Handshakes refused (wrong key, wrong path, unknown session to attach to). */
  refused: () => number;
  close: () => Promise<void>;
};

/** Written raw on the upgrade socket: a refused handshake answered with a JSON error. */
function refuse(socket: Duplex, status: number, reason: string, error: Record<string, unknown>): void {
  const body = JSON.stringify({ error: { type: 'invalid_request_error', param: null, ...error } });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

const ATTACH_PATH = /^\/v1\/live\/sessions\/([^/]+)\/attach$/;

/**
 * A loopback OpenAI Live server over TLS (the SDK's LiveWS and SidebandWS always dial wss://): the
 * primary WebSocket at `/v1/live/sessions` (no query string) and the sideband at
 * `/v1/live/sessions/{id}/attach`, both with `Authorization: Bearer`.
 */
export async function startOpenAILiveFake(
  options: {
    apiKey?: string;
    host?: string;
    /** The TLS port (WebSockets), and the plain http one (`client.live.create`); free ones by default. */
    port?: number;
    callsPort?: number;
    script?: Partial<LiveFakeScript>;
  } = {},
): Promise<OpenAILiveFake> {
  const pems = await generate([{ name: 'commonName', value: 'annie-fake-live' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', keyCertSign: true, digitalSignature: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  const server = createServer({ key: pems.private, cert: pems.cert });
  const wss = new WebSocketServer({ noServer: true });
  let script: LiveFakeScript = { ...DEFAULT_LIVE_SCRIPT, ...options.script };
  const sessions: LiveFakeSession[] = [];
  const waiting: ((session: LiveFakeSession) => void)[] = [];
  let claimed = 0;
  let refused = 0;

  const webrtc: LiveWebRtcSession[] = [];
  const summary = (session: LiveFakeSession) => {
    const frontend = webrtc.find((each) => each.session === session)?.wire;
    return {
      id: session.id,
      transport: frontend ? 'webrtc' : 'websocket',
      received: session.received.map((event) => event.type),
      refused: session.errorsSent.map((error) => error.code),
      closedReason: session.closedReason,
      ...(frontend
        ? {
            dataChannel: {
              forbidden: [...frontend.forbidden],
              delivered: [...frontend.delivered],
              withheld: frontend.withheld,
              microphonePackets: frontend.microphonePackets,
            },
          }
        : {}),
    };
  };
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    // For tests in another process (e2e, the sandbox): what each session received and refused.
    if (request.method === 'GET' && request.url === '/__fake/live/sessions') {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(sessions.map(summary)));
      return;
    }
    if (request.method === 'POST' && request.url === '/v1/live/sessions') {
      const created = (each: LiveWebRtcSession) => {
        webrtc.push(each);
        sessions.push(each.session);
        const waiter = waiting.shift();
        if (waiter) {
          claimed += 1;
          waiter(each.session);
        }
      };
      createWebRtcSession(request, response, { apiKey: options.apiKey, script: () => script, created }).catch(
        (error: Error) => {
          if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'application/json' });
          response.end(JSON.stringify({ error: { message: error.message, type: 'server_error' } }));
        },
      );
      return;
    }
    response.writeHead(404).end();
  };
  server.on('request', handle);
  const plain = createHttpServer(handle);

  server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', 'https://fake');
    if (options.apiKey && request.headers.authorization !== `Bearer ${options.apiKey}`) {
      refused += 1;
      refuse(socket, 401, 'Unauthorized', {
        message: 'Incorrect API key provided.',
        code: 'invalid_api_key',
      });
      return;
    }
    const attach = ATTACH_PATH.exec(url.pathname);
    if (attach) {
      const session = sessions.find((each) => each.id === attach[1] && !each.closedReason);
      if (!session) {
        refused += 1;
        refuse(socket, 404, 'Not Found', {
          message: `Session ${attach[1]} not found.`,
          code: 'session_not_found',
        });
        return;
      }
      wss.handleUpgrade(request, socket, head, (ws) => session.attachSideband(webSocketWire(ws, 'sideband')));
      return;
    }
    // The model goes in session.start, never in the URL.
    if (url.pathname !== '/v1/live/sessions' || url.search !== '') {
      refused += 1;
      refuse(socket, 404, 'Not Found', { message: 'Not found', code: null });
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      const session = new LiveFakeSession(webSocketWire(ws, 'websocket'), () => script);
      sessions.push(session);
      const waiter = waiting.shift();
      if (waiter) {
        claimed += 1;
        waiter(session);
      }
    });
  });

  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  await new Promise<void>((resolve) =>
    plain.listen(options.callsPort ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  const plainPort = (plain.address() as AddressInfo).port;
  return {
    baseURL: `https://127.0.0.1:${port}/v1`,
    ca: pems.cert,
    callsBaseURL: `http://127.0.0.1:${plainPort}/v1`,
    webrtc,
    sessions,
    nextSession: () => {
      const ready = sessions[claimed];
      if (ready) {
        claimed += 1;
        return Promise.resolve(ready);
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    setScript: (changes) => {
      script = { ...script, ...changes };
    },
    refused: () => refused,
    close: async () => {
      for (const session of sessions) session.drop();
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      for (const each of webrtc) each.wire.close();
      plain.closeAllConnections();
      await new Promise<void>((resolve) => plain.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
