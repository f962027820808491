import { type IncomingMessage, type Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

const UPGRADE = Symbol('websocket-upgrade');
type UpgradeRequest = IncomingMessage & { [UPGRADE]?: { socket: Duplex; head: Buffer } };

/**
 * Sends WebSocket handshakes through the Koa app like any request, so the session, the auth checks
 * and the routes apply unchanged. A route that accepts one takes the socket with `takeUpgrade` and
 * sets `ctx.respond = false`; any other answer (401, 403, 404) is written and the socket closed.
 */
export function routeUpgradesThroughApp(
  server: Server,
  handle: (request: IncomingMessage, response: ServerResponse) => void,
): void {
  server.on('upgrade', (request: UpgradeRequest, socket: Duplex, head: Buffer) => {
    request[UPGRADE] = { socket, head };
    const response = new ServerResponse(request);
    response.assignSocket(socket as never);
    response.on('finish', () => socket.destroy());
    socket.on('error', () => socket.destroy());
    handle(request, response);
  });
}

/** The handshake's socket, once: undefined for a plain HTTP request or a second call. */
export function takeUpgrade(request: IncomingMessage): { socket: Duplex; head: Buffer } | undefined {
  const upgrade = (request as UpgradeRequest)[UPGRADE];
  delete (request as UpgradeRequest)[UPGRADE];
  return upgrade;
}
