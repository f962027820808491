import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { takeUpgrade } from './lib/websocket-upgrade.ts';
import { bindPort, closeGracefully, listen, portOf, serveApp } from './server.ts';

describe('a port bound before the app is built (the sandbox)', () => {
  it('is held from the start, so no other process can take it, and serves the app once given it', async () => {
    const server = await bindPort(0, '127.0.0.1');
    const port = portOf(server);
    await expect(bindPort(port, '127.0.0.1')).rejects.toMatchObject({ code: 'EADDRINUSE' });
    // A request made meanwhile waits for the app rather than being refused or lost.
    const early = fetch(`http://127.0.0.1:${port}/`).then((response) => response.text());
    await new Promise((resolve) => server.once('request', resolve));
    const app = new Koa();
    app.use((ctx) => {
      ctx.body = 'served';
    });
    serveApp(server, app as never);
    expect(await early).toBe('served');
    await closeGracefully(server, 1_000);
  });
});

describe('graceful shutdown', () => {
  it('finishes a request that is in flight, then stops accepting connections', async () => {
    const app = new Koa();
    let release: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      app.use(async (ctx) => {
        resolve();
        await new Promise<void>((done) => {
          release = done;
        });
        ctx.body = 'finished';
      });
    });
    const server = await listen(app as never, 0, '127.0.0.1');
    const url = `http://127.0.0.1:${portOf(server)}/`;
    const inFlight = fetch(url).then((response) => response.text());
    await started;
    const closed = closeGracefully(server, 5_000);
    // server.close() stops listening at once: no need to wait for it.
    expect(server.listening).toBe(false);
    await expect(fetch(url)).rejects.toThrow();
    release();
    expect(await inFlight).toBe('finished');
    await closed;
  });
});

describe('graceful shutdown with a WebSocket open', () => {
  it('cuts a WebSocket its owner did not close once the grace period is over', async () => {
    const sockets = new WebSocketServer({ noServer: true });
    const app = new Koa();
    app.use(async (ctx) => {
      const upgrade = takeUpgrade(ctx.req);
      if (!upgrade) return;
      ctx.respond = false;
      sockets.handleUpgrade(ctx.req, upgrade.socket as never, upgrade.head, () => {});
    });
    const server = await listen(app as never, 0, '127.0.0.1');
    const port = portOf(server);
    const client = new WebSocket(`ws://127.0.0.1:${port}/`);
    await new Promise((resolve, reject) => {
      client.onopen = resolve;
      client.onerror = reject;
    });
    const closed = new Promise((resolve) => {
      client.onclose = resolve;
    });
    await closeGracefully(server, 100);
    await closed;
    expect(client.readyState).toBe(WebSocket.CLOSED);
    sockets.close();
  });
});
