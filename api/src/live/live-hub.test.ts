import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp } from '../../test/test-app.ts';
import { createLogger } from '../lib/logger.ts';
import { defineLiveChannel, publishLive } from './live-channel.ts';
import { LiveHub, type LiveSignal } from './live-hub.ts';

const app = await startTestApp();
const hub = new LiveHub(app.pool, createLogger('silent'));
afterAll(() => hub.close());

const pings = defineLiveChannel({ name: 'test_ping', event: 'ping', payload: z.object({ n: z.number() }) });
const pongs = defineLiveChannel({ name: 'test_pong', event: 'pong', payload: z.object({ n: z.number() }) });

/** A subscriber that records its signals and can wait for the next matching one. */
function recorder() {
  const signals: LiveSignal[] = [];
  let ended = false;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of waiters) waiter();
  };
  return {
    signals,
    get ended() {
      return ended;
    },
    subscriber: {
      signal: (signal: LiveSignal) => {
        signals.push(signal);
        wake();
      },
      end: () => {
        ended = true;
        wake();
      },
    },
    until: (done: () => boolean) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!done()) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      }),
  };
}

describe('LiveHub', () => {
  it("delivers a channel's events to the tenant's subscribers of that channel only", async () => {
    const alice = recorder();
    const bob = recorder();
    const alicePongs = recorder();
    const unsubscribe = [
      await hub.subscribe('tenant-a', [pings], alice.subscriber),
      await hub.subscribe('tenant-b', [pings], bob.subscriber),
      await hub.subscribe('tenant-a', [pongs], alicePongs.subscriber),
    ];
    await publishLive(app.pool, pings, 'tenant-a', { n: 1 });
    await publishLive(app.pool, pings, 'tenant-b', { n: 2 });
    // One connection delivers in order: once bob has his, alice's came before it.
    await bob.until(() => bob.signals.length === 1);
    expect(alice.signals).toEqual([{ kind: 'event', event: 'ping', payload: { n: 1 } }]);
    expect(bob.signals).toEqual([{ kind: 'event', event: 'ping', payload: { n: 2 } }]);
    expect(alicePongs.signals).toEqual([]);
    for (const stop of unsubscribe) stop();
  });

  it('refuses a payload that does not match the channel', async () => {
    await expect(publishLive(app.pool, pings, 'tenant-a', { n: 'one' } as never)).rejects.toThrow();
  });

  it('reconnects after losing its connection, tells subscribers to resync, and keeps delivering', async () => {
    const alice = recorder();
    const stop = await hub.subscribe('tenant-a', [pings], alice.subscriber);
    await app.pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = 'annie-live-events' and datname = current_database()`,
    );
    await alice.until(() => alice.signals.some((signal) => signal.kind === 'resync'));
    await publishLive(app.pool, pings, 'tenant-a', { n: 3 });
    await alice.until(() => alice.signals.some((signal) => signal.kind === 'event'));
    expect(alice.signals.at(-1)).toEqual({ kind: 'event', event: 'ping', payload: { n: 3 } });
    stop();
  });

  it('ends every subscriber when it closes', async () => {
    const alice = recorder();
    await hub.subscribe('tenant-a', [pings], alice.subscriber);
    expect(hub.subscriberCount).toBe(1);
    await hub.close();
    expect(alice.ended).toBe(true);
    expect(hub.subscriberCount).toBe(0);
  });
});
