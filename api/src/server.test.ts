import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { takeUpgrade } from './lib/websocket-upgrade.ts';
import { closeGracefully, listen } from './server.ts';

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
    const address = server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
    const inFlight = fetch(url).then((response) => response.text());
    await started;
    const closed = closeGracefully(server, 5_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
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
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
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
