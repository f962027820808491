import pg from 'pg';
import type { Logger } from 'pino';
import { connectionSettings, type Pool } from '../db/pool.ts';
import { liveHubResyncs } from '../observability/metrics.ts';
import { envelopeSchema, type LiveChannel, type ProcessChannel } from './live-channel.ts';

/** An event for the subscriber's tenant, or `resync` after the hub reconnected and may have missed some. */
export type LiveSignal = { kind: 'event'; event: string; payload: unknown } | { kind: 'resync' };
/** A subscriber: receives signals on its channels, and `end` when the hub shuts down. */
export type LiveSubscriber = { signal: (signal: LiveSignal) => void; end: () => void };

/**
 * A process-wide listener: `event` for each notification; `lost` as soon as the connection drops (events
 * may be missed from then on), `resync` once it listens again, `end` when the hub shuts down.
 */
export type ProcessListener<Payload> = {
  event: (payload: Payload) => void;
  lost: () => void;
  resync: () => void;
  end: () => void;
};

type Subscription = { channels: Set<string>; subscriber: LiveSubscriber };
type ProcessSubscription = { channel: ProcessChannel<unknown>; listener: ProcessListener<unknown> };

const FIRST_RECONNECT_DELAY_MS = 500;
const MAX_RECONNECT_DELAY_MS = 30_000;

/**
 * The process's one LISTEN connection, fanning PostgreSQL notifications out to subscribers per tenant
 * and channel, and to process-wide listeners. It connects when the first subscriber arrives and closes
 * when the last leaves; if it drops, it reconnects with backoff, LISTENs again and tells every
 * subscriber to `resync`.
 */
export class LiveHub {
  readonly #connection: pg.ClientConfig;
  readonly #logger: Logger;
  readonly #tenants = new Map<string, Set<Subscription>>();
  readonly #channels = new Map<string, LiveChannel<unknown>>();
  readonly #processWide = new Set<ProcessSubscription>();
  #client: pg.Client | undefined;
  #listening = new Set<string>();
  #connecting: Promise<pg.Client> | undefined;
  #reconnectTimer: NodeJS.Timeout | undefined;
  #reconnectDelay = FIRST_RECONNECT_DELAY_MS;

  /** `directUrl`: DATABASE_DIRECT_URL (LISTEN needs a session of its own, not a pooler's); unset, the pool's. */
  constructor(pool: Pool, logger: Logger, directUrl?: string) {
    this.#connection = directUrl
      ? { ...connectionSettings(pool, directUrl), application_name: 'annie-live-events' }
      : { ...pool.options, application_name: 'annie-live-events' };
    this.#logger = logger;
  }

  /** Delivers the tenant's events on `channels` to `subscriber`; resolves once listening. */
  async subscribe(
    tenantId: string,
    channels: LiveChannel<unknown>[],
    subscriber: LiveSubscriber,
  ): Promise<() => void> {
    for (const channel of channels) this.#channels.set(channel.name, channel);
    const subscription = { channels: new Set(channels.map((channel) => channel.name)), subscriber };
    const subscriptions = this.#tenants.get(tenantId) ?? new Set();
    subscriptions.add(subscription);
    this.#tenants.set(tenantId, subscriptions);
    try {
      await this.#listen(await this.#connect(), subscription.channels);
    } catch (error) {
      this.#remove(tenantId, subscription);
      throw error;
    }
    return () => this.#remove(tenantId, subscription);
  }

  /**
   * Delivers every notification on a process-wide `channel` to `listener`, whichever tenant; resolves
   * once listening. Returns the unsubscribe function.
   */
  async listenProcessWide<Payload>(
    channel: ProcessChannel<Payload>,
    listener: ProcessListener<Payload>,
  ): Promise<() => void> {
    const subscription = { channel, listener } as ProcessSubscription;
    this.#processWide.add(subscription);
    const remove = () => {
      this.#processWide.delete(subscription);
      if (!this.#hasSubscribers()) void this.#disconnect();
    };
    try {
      await this.#listen(await this.#connect(), [channel.name]);
    } catch (error) {
      remove();
      throw error;
    }
    return remove;
  }

  get subscriberCount(): number {
    let count = 0;
    for (const subscriptions of this.#tenants.values()) count += subscriptions.size;
    return count;
  }

  /** Ends every subscriber (their streams close) and the connection: shutdown. */
  async close(): Promise<void> {
    const all = [...this.#tenants.values()].flatMap((subscriptions) => [...subscriptions]);
    const processWide = [...this.#processWide];
    this.#tenants.clear();
    this.#processWide.clear();
    for (const { subscriber } of all) subscriber.end();
    for (const { listener } of processWide) listener.end();
    await this.#disconnect();
  }

  #remove(tenantId: string, subscription: Subscription): void {
    const subscriptions = this.#tenants.get(tenantId);
    subscriptions?.delete(subscription);
    if (subscriptions?.size === 0) this.#tenants.delete(tenantId);
    if (!this.#hasSubscribers()) void this.#disconnect();
  }

  #hasSubscribers(): boolean {
    return this.#tenants.size > 0 || this.#processWide.size > 0;
  }

  #wanted(): Set<string> {
    const names = new Set<string>();
    for (const subscriptions of this.#tenants.values())
      for (const { channels } of subscriptions) for (const name of channels) names.add(name);
    for (const { channel } of this.#processWide) names.add(channel.name);
    return names;
  }

  async #listen(client: pg.Client, channels: Iterable<string>): Promise<void> {
    for (const name of channels) {
      if (this.#listening.has(name)) continue;
      // Names are checked by defineLiveChannel, so they are plain identifiers.
      await client.query(`listen ${name}`);
      this.#listening.add(name);
    }
  }

  #connect(): Promise<pg.Client> {
    if (this.#client) return Promise.resolve(this.#client);
    this.#connecting ??= (async () => {
      const client = new pg.Client(this.#connection);
      client.on('notification', (message) => this.#onNotification(message.channel, message.payload));
      client.on('error', (error) => this.#onLost(client, error));
      client.on('end', () => this.#onLost(client));
      this.#listening = new Set();
      try {
        await client.connect();
        await this.#listen(client, this.#wanted());
      } catch (error) {
        client.removeAllListeners('end');
        await client.end().catch(() => {});
        throw error;
      }
      this.#client = client;
      this.#reconnectDelay = FIRST_RECONNECT_DELAY_MS;
      return client;
    })().finally(() => {
      this.#connecting = undefined;
    });
    return this.#connecting;
  }

  async #disconnect(): Promise<void> {
    clearTimeout(this.#reconnectTimer);
    this.#reconnectTimer = undefined;
    await this.#connecting?.catch(() => {});
    // Someone subscribed while the connection was still being made: it is theirs now.
    if (this.#hasSubscribers()) return;
    const client = this.#client;
    this.#client = undefined;
    if (!client) return;
    client.removeAllListeners('end');
    client.removeAllListeners('error');
    client.on('error', () => {});
    await client.end().catch(() => {});
  }

  #onNotification(channelName: string, text: string | undefined): void {
    let json: unknown;
    try {
      json = JSON.parse(text ?? 'null');
    } catch {
      return;
    }
    for (const { channel, listener } of this.#processWide) {
      if (channel.name !== channelName) continue;
      const payload = channel.payload.safeParse(json);
      if (payload.success) listener.event(payload.data);
    }
    const channel = this.#channels.get(channelName);
    if (!channel) return;
    const envelope = envelopeSchema.safeParse(json);
    if (!envelope.success) return;
    const { tenantId, ...rest } = envelope.data;
    const payload = channel.payload.safeParse(rest);
    if (!payload.success) return;
    for (const { channels, subscriber } of this.#tenants.get(tenantId) ?? []) {
      if (channels.has(channelName))
        subscriber.signal({ kind: 'event', event: channel.event, payload: payload.data });
    }
  }

  #onLost(client: pg.Client, error?: Error): void {
    if (this.#client !== client) return;
    this.#client = undefined;
    client.removeAllListeners();
    client.on('error', () => {});
    void client.end().catch(() => {});
    for (const { listener } of this.#processWide) listener.lost();
    if (!this.#hasSubscribers()) return;
    this.#logger.warn({ err: error }, 'live events: listener connection lost, reconnecting');
    this.#scheduleReconnect();
  }

  #scheduleReconnect(): void {
    if (this.#reconnectTimer) return;
    this.#reconnectTimer = setTimeout(() => {
      this.#reconnectTimer = undefined;
      if (!this.#hasSubscribers()) return;
      this.#connect().then(
        () => {
          liveHubResyncs.inc();
          for (const { listener } of this.#processWide) listener.resync();
          for (const subscriptions of this.#tenants.values())
            for (const { subscriber } of subscriptions) subscriber.signal({ kind: 'resync' });
        },
        () => {
          this.#reconnectDelay = Math.min(this.#reconnectDelay * 2, MAX_RECONNECT_DELAY_MS);
          this.#scheduleReconnect();
        },
      );
    }, this.#reconnectDelay);
    this.#reconnectTimer.unref();
  }
}
