import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { generate } from 'selfsigned';
import { WebSocketServer } from 'ws';
import { isLiveModel, modelNotFound, servesModel } from './openai-models.ts';
import { RealtimeFakeSession } from './openai-realtime-fake-session.ts';
import { DEFAULT_REALTIME_SCRIPT, type RealtimeFakeScript } from './openai-realtime-script.ts';

export { RealtimeFakeSession } from './openai-realtime-fake-session.ts';
export { DEFAULT_REALTIME_SCRIPT, type RealtimeFakeScript, toneChunk } from './openai-realtime-script.ts';

export type OpenAIRealtimeFake = {
  /** The `baseURL` to give the OpenAI client: `https://127.0.0.1:PORT/v1`. */
  baseURL: string;
  /** The PEM certificate the fake serves; trust it with the SDK's `options.ca` or NODE_EXTRA_CA_CERTS. */
  ca: string;
  /** Every connection, in the order they were opened. */
  sessions: RealtimeFakeSession[];
  /** Resolves with the next connection (or the first, if one is already open and unclaimed). */
  nextSession: () => Promise<RealtimeFakeSession>;
  setScript: (script: Partial<RealtimeFakeScript>) => void;
  /** Connections answered with an HTTP error (no upgrade) that the client still holds open. */
  refusedOpen: () => number;
  /**
   * New connections wait (the client sees a session still opening) until the returned function is
   * called; `waiting()` counts those held.
   */
  holdOpen: () => { waiting: () => number; release: () => void };
  close: () => Promise<void>;
};

const INVALID_KEY = {
  message:
    'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
  type: 'invalid_request_error',
  code: 'invalid_api_key',
};

export type OpenAIRealtimeFakeOptions = {
  port?: number;
  host?: string;
  /** When set, only `Authorization: Bearer <apiKey>` is accepted. */
  apiKey?: string;
  script?: Partial<RealtimeFakeScript>;
};

/**
 * A loopback OpenAI Realtime server over TLS (the SDK's WebSocket client always dials wss://),
 * with a certificate made for 127.0.0.1 and localhost at start.
 */
export async function startOpenAIRealtimeFake(
  options: OpenAIRealtimeFakeOptions = {},
): Promise<OpenAIRealtimeFake> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
  });
  const server = createServer({ key: pems.private, cert: pems.cert });
  const wss = new WebSocketServer({ noServer: true });
  let script: RealtimeFakeScript = { ...DEFAULT_REALTIME_SCRIPT, ...options.script };
  const sessions: RealtimeFakeSession[] = [];
  let claimed = 0;
  const waiting: ((session: RealtimeFakeSession) => void)[] = [];
  // Connections whose handshake was refused and that the client has not closed yet.
  const refused = new Set<Duplex>();

  const initialScript = script;
  // For tests in another process (e2e): what each session received, in order, by event type, with the
  // instructions and tool names of each session.update; POST /__fake/script changes the script of the
  // sessions opened from then on, POST /__fake/reset restores the starting one.
  server.on('request', (request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET' && request.url === '/__fake/sessions') {
      answer(200, sessions.map(sessionSummary));
      return;
    }
    if (request.method === 'POST' && (request.url === '/__fake/script' || request.url === '/__fake/reset')) {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        try {
          const changes = request.url === '/__fake/reset' ? {} : JSON.parse(Buffer.concat(chunks).toString());
          script = request.url === '/__fake/reset' ? initialScript : { ...script, ...changes };
          answer(200, { ok: true });
        } catch {
          answer(400, { message: 'Send JSON' });
        }
      });
      return;
    }
    response.writeHead(404).end();
  });

  let held: { requests: (() => void)[] } | null = null;
  server.on('upgrade', (request, socket, head) => {
    if (held) {
      held.requests.push(() => server.emit('upgrade', request, socket, head));
      return;
    }
    const url = new URL(request.url ?? '/', 'https://fake');
    const path = url.pathname;
    const model = url.searchParams.get('model');
    const authorised = !options.apiKey || request.headers.authorization === `Bearer ${options.apiKey}`;
    if (path !== '/v1/realtime' || !authorised) {
      // Answered like OpenAI: a JSON error, and the connection kept alive (closing it is the client's job).
      const [status, reason, error] = authorised
        ? [404, 'Not Found', { message: 'Not found', type: 'invalid_request_error', code: null }]
        : [401, 'Unauthorized', INVALID_KEY];
      const body = JSON.stringify({ error: { param: null, ...error } });
      socket.write(
        `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: keep-alive\r\n\r\n${body}`,
      );
      refused.add(socket);
      socket.once('close', () => refused.delete(socket));
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      // As OpenAI does: the socket opens, then an error event names the model and the server closes.
      if (model !== null && (!servesModel(model) || isLiveModel(model))) {
        const error = { ...modelNotFound(model), event_id: null };
        ws.send(JSON.stringify({ type: 'error', event_id: `event_${Date.now()}`, error }));
        ws.close(4000, 'invalid_request_error.model_not_found');
        return;
      }
      const session = new RealtimeFakeSession(ws, script, {
        url: request.url ?? '',
        headers: request.headers,
      });
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
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `https://127.0.0.1:${port}/v1`,
    ca: pems.cert,
    sessions,
    nextSession: () => {
      const ready = sessions[claimed];
      if (ready) {
        claimed += 1;
        return Promise.resolve(ready);
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    refusedOpen: () => refused.size,
    holdOpen: () => {
      const hold = { requests: [] as (() => void)[] };
      held = hold;
      return {
        waiting: () => hold.requests.length,
        release: () => {
          if (held === hold) held = null;
          for (const open of hold.requests.splice(0)) open();
        },
      };
    },
    setScript: (changes) => {
      script = { ...script, ...changes };
    },
    close: async () => {
      for (const client of wss.clients) client.terminate();
      for (const socket of refused) socket.destroy();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

type SessionUpdateBody = { instructions?: string; tools?: { name?: string }[] };

/** One session as the e2e control reports it. */
function sessionSummary(session: RealtimeFakeSession) {
  return {
    url: session.url,
    received: session.received.map((event) => event.type),
    /** Codes of the error events the fake answered refused client events with. */
    refused: session.errorsSent.map((error) => error.code),
    updates: session.eventsOf('session.update').map((event) => {
      const body = event.session as SessionUpdateBody | undefined;
      return {
        instructions: body?.instructions ?? null,
        tools: body?.tools?.map((tool) => tool.name ?? '') ?? null,
      };
    }),
  };
}
