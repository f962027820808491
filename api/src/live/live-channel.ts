import { z } from 'zod';
import type { Queryable } from '../db/transaction.ts';

/**
 * A live-event channel: the PostgreSQL NOTIFY channel `name`, the server-sent `event` name browsers
 * receive, and the shape of its payload. Every notification carries the tenant it belongs to besides
 * the payload (`{tenantId, ...payload}`); the tenant id is stripped before it reaches a browser.
 */
export type LiveChannel<Payload> = { name: string; event: string; payload: z.ZodType<Payload> };

const CHANNEL_NAME = /^[a-z][a-z0-9_]*$/;
const EVENT_NAME = /^[a-z][a-z0-9-]*$/;
// PostgreSQL refuses NOTIFY payloads from 8000 bytes on: send ids and statuses, not documents.
const MAX_PAYLOAD_BYTES = 7_900;

export const envelopeSchema = z.object({ tenantId: z.string().min(1) }).loose();

/** Declares a channel; the names are checked here because LISTEN cannot take them as parameters. */
export function defineLiveChannel<Payload>(channel: LiveChannel<Payload>): LiveChannel<Payload> {
  if (!CHANNEL_NAME.test(channel.name)) throw new Error(`Invalid live channel name: ${channel.name}`);
  if (!EVENT_NAME.test(channel.event)) throw new Error(`Invalid live event name: ${channel.event}`);
  return channel;
}

/**
 * Announces an event to every API process (and so to the tenant's open streams). Pass the client of the
 * caller's transaction: PostgreSQL delivers the notification only when that transaction commits.
 * Tables whose every change is an event can instead notify from a trigger, with the same envelope.
 */
export async function publishLive<Payload>(
  db: Queryable,
  channel: LiveChannel<Payload>,
  tenantId: string,
  payload: Payload,
): Promise<void> {
  const text = JSON.stringify({ ...(channel.payload.parse(payload) as object), tenantId });
  if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES) throw new Error(`Live event too large on ${channel.name}`);
  await db.query('select pg_notify($1, $2)', [channel.name, text]);
}

/**
 * A process-wide channel: every API process hears it, whatever the tenant (cache invalidation, not
 * browsers). Its notifications carry the payload alone, no tenant envelope; they may come from a trigger.
 */
export type ProcessChannel<Payload> = { name: string; payload: z.ZodType<Payload> };

export function defineProcessChannel<Payload>(channel: ProcessChannel<Payload>): ProcessChannel<Payload> {
  if (!CHANNEL_NAME.test(channel.name)) throw new Error(`Invalid process channel name: ${channel.name}`);
  return channel;
}
