import { createServer, type Server } from 'node:http';
import type Koa from 'koa';
import { routeUpgradesThroughApp } from './lib/websocket-upgrade.ts';

/** Listens and resolves once the port is bound; WebSocket handshakes go through the app too. */
export function listen(app: Koa<never>, port: number, host: string): Promise<Server> {
  const handle = app.callback();
  const server = createServer(handle);
  routeUpgradesThroughApp(server, handle);
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

/**
 * Stops accepting connections, lets in-flight requests finish (up to `graceMs`), then closes
 * idle keep-alive sockets; whatever is still open after the grace period is cut.
 */
export function closeGracefully(server: Server, graceMs = 10_000): Promise<void> {
  return new Promise((resolve) => {
    // A keep-alive socket becomes idle only once its in-flight response is done, so keep sweeping.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const timer = setTimeout(() => {
      server.closeAllConnections();
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
