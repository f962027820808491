import { createServer, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type Koa from 'koa';
import { routeUpgradesThroughApp } from './lib/websocket-upgrade.ts';

// Sockets that became WebSockets leave the HTTP server's bookkeeping (closeAllConnections does not see
// them), so each server keeps its own list to cut at the end of the grace period.
const upgradedSockets = new WeakMap<Server, Set<Duplex>>();

/** Listens and resolves once the port is bound; WebSocket handshakes go through the app too. */
export function listen(app: Koa<never>, port: number, host: string): Promise<Server> {
  const handle = app.callback();
  const server = createServer(handle);
  const upgraded = new Set<Duplex>();
  upgradedSockets.set(server, upgraded);
  server.on('upgrade', (_request, socket: Duplex) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
  });
  routeUpgradesThroughApp(server, handle);
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

/**
 * Stops accepting connections, lets in-flight requests finish (up to `graceMs`), then closes
 * idle keep-alive sockets; whatever is still open after the grace period is cut, WebSockets included
 * (their owners close them cleanly first, when the app's background work stops).
 */
export function closeGracefully(server: Server, graceMs = 10_000): Promise<void> {
  return new Promise((resolve) => {
    // A keep-alive socket becomes idle only once its in-flight response is done, so keep sweeping.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const timer = setTimeout(() => {
      clearInterval(sweep);
      server.closeAllConnections();
      for (const socket of upgradedSockets.get(server) ?? []) socket.destroy();
      resolve();
    }, graceMs);
    timer.unref();
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}
