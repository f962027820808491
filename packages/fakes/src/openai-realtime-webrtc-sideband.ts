import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { generate } from 'selfsigned';
import { WebSocketServer } from 'ws';
import type { RealtimeWebRtcCall } from './openai-realtime-webrtc-call.ts';

/** The sideband listener: `wss://…/v1/realtime?call_id=rtc_…` for calls the WebRTC fake answered. */
export type WebRtcSidebandServer = {
  /** The `baseURL` to give the OpenAI client for the sideband: `https://127.0.0.1:PORT/v1`. */
  baseURL: string;
  /** The PEM certificate it serves; trust it with the SDK's `options.ca`. */
  ca: string;
  /** Handshakes refused (unknown call, wrong key, wrong path), for tests. */
  refused: number;
  close: () => Promise<void>;
};

/** Written raw on the upgrade socket: OpenAI answers a refused handshake with a JSON error. */
function refuse(socket: Duplex, status: number, reason: string, error: Record<string, unknown>): void {
  const body = JSON.stringify({ error: { type: 'invalid_request_error', param: '', ...error } });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * OpenAI's server-side ("sideband") connection to a WebRTC call, over TLS as the SDK always dials
 * wss://: the API key must be the one the fake was started with, and the call id one it issued and
 * still runs; otherwise the handshake is refused as OpenAI refuses it (401, or 404 `call_id_not_found`).
 * An accepted socket receives every server event of the call from then on and may send client events.
 */
export async function startWebRtcSideband(options: {
  host: string;
  apiKey?: string;
  findCall: (id: string) => RealtimeWebRtcCall | undefined;
}): Promise<WebRtcSidebandServer> {
  // Its own subject name: a CA file that also trusts the phone fake's `localhost` certificate must not
  // make TLS look this one's issuer up under the other's name.
  const pems = await generate([{ name: 'commonName', value: 'annie-fake-realtime-sideband' }], {
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
  const state = { refused: 0 };
  server.on('request', (_request, response) => response.writeHead(404).end());
  server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', 'https://fake');
    const callId = url.searchParams.get('call_id');
    if (options.apiKey && request.headers.authorization !== `Bearer ${options.apiKey}`) {
      state.refused += 1;
      return refuse(socket, 401, 'Unauthorized', {
        message: 'Incorrect API key provided.',
        code: 'invalid_api_key',
      });
    }
    const call = callId ? options.findCall(callId) : undefined;
    if (url.pathname !== '/v1/realtime' || !call || call.ended) {
      state.refused += 1;
      return refuse(socket, 404, 'Not Found', {
        message: 'No session found for the provided call_id',
        code: 'call_id_not_found',
      });
    }
    wss.handleUpgrade(request, socket, head, (ws) => call.attachSideband(ws));
  });
  await new Promise<void>((resolve) => server.listen(0, options.host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `https://127.0.0.1:${port}/v1`,
    ca: pems.cert,
    get refused() {
      return state.refused;
    },
    close: async () => {
      for (const client of wss.clients) client.terminate();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
