import Koa from 'koa';
import { describe, expect, it } from 'vitest';
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
