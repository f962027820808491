import { type LabJobEvent, labJobStatusSchema } from '@annie/api-client/contracts/lab';
import pg from 'pg';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Pool } from '../../db/pool.ts';

/** The channel the lab_job trigger notifies on (see the lab jobs migration). */
export const LAB_JOB_CHANNEL = 'lab_job_status';

const notificationSchema = z.object({ id: z.string(), tenantId: z.string(), status: labJobStatusSchema });

/** A job's new status, or `resync` after the listener reconnected and may have missed some. */
export type LabJobSignal = { kind: 'job'; event: LabJobEvent } | { kind: 'resync' };
/** A subscriber: receives signals, and `end` when the hub shuts down. */
export type LabJobSubscriber = { signal: (signal: LabJobSignal) => void; end: () => void };
type Listener = LabJobSubscriber;

const MAX_RECONNECT_DELAY_MS = 30_000;

/**
 * Fans PostgreSQL notifications about lab jobs out to this process's subscribers, per tenant. One
 * dedicated connection LISTENs while anyone is subscribed; it is closed when the last one leaves, and
 * re-established with backoff if it drops (subscribers then get `resync`).
 */
export class LabJobEventHub {
  readonly #connection: pg.ClientConfig;
  readonly #logger: Logger;
  readonly #listeners = new Map<string, Set<Listener>>();
  #client: pg.Client | undefined;
  #connecting: Promise<void> | undefined;
  #reconnectTimer: NodeJS.Timeout | undefined;
  #reconnectDelay = 500;

  constructor(pool: Pool, logger: Logger) {
    this.#connection = pool.options;
    this.#logger = logger;
  }

  /** Starts delivering the tenant's job changes to `listener`; resolves once listening. */
  async subscribe(tenantId: string, listener: Listener): Promise<() => void> {
    const listeners = this.#listeners.get(tenantId) ?? new Set();
    listeners.add(listener);
    this.#listeners.set(tenantId, listeners);
    try {
      await this.#connect();
    } catch (error) {
      this.#remove(tenantId, listener);
      throw error;
    }
    return () => this.#remove(tenantId, listener);
  }

  get subscriberCount(): number {
    let count = 0;
    for (const listeners of this.#listeners.values()) count += listeners.size;
    return count;
  }

  /** Drops every subscriber and the connection (shutdown). */
  async close(): Promise<void> {
    const all = [...this.#listeners.values()].flatMap((listeners) => [...listeners]);
    this.#listeners.clear();
    for (const listener of all) listener.end();
    await this.#disconnect();
  }

  #remove(tenantId: string, listener: Listener): void {
    const listeners = this.#listeners.get(tenantId);
    listeners?.delete(listener);
    if (listeners?.size === 0) this.#listeners.delete(tenantId);
    if (this.#listeners.size === 0) void this.#disconnect();
  }

  #connect(): Promise<void> {
    if (this.#client) return Promise.resolve();
    this.#connecting ??= (async () => {
      const client = new pg.Client({ ...this.#connection, application_name: 'annie-lab-events' });
      client.on('notification', (message) => this.#onNotification(message.payload));
      client.on('error', (error) => this.#onLost(client, error));
      client.on('end', () => this.#onLost(client));
      try {
        await client.connect();
        await client.query(`listen ${LAB_JOB_CHANNEL}`);
      } catch (error) {
        client.removeAllListeners('end');
        await client.end().catch(() => {});
        throw error;
      }
      this.#client = client;
      this.#reconnectDelay = 500;
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
    if (this.#listeners.size > 0) return;
    const client = this.#client;
    this.#client = undefined;
    if (!client) return;
    client.removeAllListeners('end');
    client.removeAllListeners('error');
    client.on('error', () => {});
    await client.end().catch(() => {});
  }

  #onNotification(payload: string | undefined): void {
    let parsed: ReturnType<typeof notificationSchema.safeParse>;
    try {
      parsed = notificationSchema.safeParse(JSON.parse(payload ?? 'null'));
    } catch {
      return;
    }
    if (!parsed.success) return;
    const { id, tenantId, status } = parsed.data;
    for (const listener of this.#listeners.get(tenantId) ?? [])
      listener.signal({ kind: 'job', event: { id, status } });
  }

  #onLost(client: pg.Client, error?: Error): void {
    if (this.#client !== client) return;
    this.#client = undefined;
    client.removeAllListeners();
    client.on('error', () => {});
    void client.end().catch(() => {});
    if (this.#listeners.size === 0) return;
    this.#logger.warn({ err: error }, 'lab job events: listener connection lost, reconnecting');
    this.#scheduleReconnect();
  }

  #scheduleReconnect(): void {
    if (this.#reconnectTimer) return;
    this.#reconnectTimer = setTimeout(() => {
      this.#reconnectTimer = undefined;
      if (this.#listeners.size === 0) return;
      this.#connect().then(
        () => {
          for (const listeners of this.#listeners.values()) {
            for (const listener of listeners) listener.signal({ kind: 'resync' });
          }
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
