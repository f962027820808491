import { createServer, type RequestListener, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type Koa from 'koa';
import { routeUpgradesThroughApp } from './lib/websocket-upgrade.ts';

// Sockets that became WebSockets leave the HTTP server's bookkeeping (closeAllConnections does not see
// them), so each server keeps its own list to cut at the end of the grace period.
const upgradedSockets = new WeakMap<Server, Set<Duplex>>();

/** How `serveApp` hands a bound server its app. */
const appSetters = new WeakMap<Server, (handle: RequestListener) => void>();

/**
 * Binds the port and resolves once it is. Binding first is for a start whose other parts must know the
 * port beforehand (the sandbox's fakes): a port only probed as free could be taken by another process
 * meanwhile. A request that arrives before `serveApp` gives the server its app waits for it.
 */
export function bindPort(port: number, host: string): Promise<Server> {
  let handle: RequestListener | undefined;
  const waiting: (() => void)[] = [];
  const server = createServer((request, response) => {
    if (handle) handle(request, response);
    else waiting.push(() => handle?.(request, response));
  });
  appSetters.set(server, (app) => {
    handle = app;
    for (const serve of waiting.splice(0)) serve();
  });
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/** The port a bound server listens on. */
export function portOf(server: Server): number {
  const address = server.address();
  if (typeof address === 'object' && address) return address.port;
  throw new Error(`the server is not bound to a TCP port (${String(address)})`);
}

/** Serves the app on a bound server; WebSocket handshakes go through the app too. */
export function serveApp(server: Server, app: Koa<never>): void {
  const handle = app.callback();
  const setApp = appSetters.get(server);
  if (!setApp) throw new Error('serveApp needs a server from bindPort');
  setApp(handle);
  const upgraded = new Set<Duplex>();
  upgradedSockets.set(server, upgraded);
  server.on('upgrade', (_request, socket: Duplex) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
  });
  routeUpgradesThroughApp(server, handle);
}

/** Binds the port and serves the app on it; resolves once bound. */
export async function listen(app: Koa<never>, port: number, host: string): Promise<Server> {
  const server = await bindPort(port, host);
  serveApp(server, app);
  return server;
}

/** Cuts every WebSocket still open on the server (the end of a shutdown). */
export function cutUpgradedSockets(server: Server): void {
  for (const socket of upgradedSockets.get(server) ?? []) socket.destroy();
}

/**
 * Stops accepting connections, lets in-flight requests finish (up to `graceMs`), then closes
 * idle keep-alive sockets; whatever is still open after the grace period is cut, WebSockets included
 * (their owners close them cleanly first, when the app's background work stops) unless `keepUpgraded`:
 * live calls drain on their own clock, and the caller cuts what is left with `cutUpgradedSockets`.
 */
export function closeGracefully(
  server: Server,
  graceMs = 10_000,
  options: { keepUpgraded?: boolean } = {},
): Promise<void> {
  return new Promise((resolve) => {
    // A keep-alive socket becomes idle only once its in-flight response is done, so keep sweeping.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const timer = setTimeout(() => {
      clearInterval(sweep);
      server.closeAllConnections();
      if (!options.keepUpgraded) cutUpgradedSockets(server);
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
