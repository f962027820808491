import { randomUUID } from 'node:crypto';
import type { CallChannel, CallDirection, CallTranscriptEntry } from '@annie/contracts/calls';
import { CALL_NOT_FOUND } from '@annie/contracts/calls-routes';
import type { EntityManager } from '@mikro-orm/postgresql';
import { conflict, notFound } from '../../../lib/http-errors.ts';
import { CallSession } from './call-session.entity.ts';
import { appendCallTranscriptRows, endCallSessionRow, insertCallSession } from './call-session.queries.ts';

// The calls module's service, called by its own routes and by other modules (phone calls, realtime
// offers, voice conversations). The contract every function keeps:
// - It takes the caller's EntityManager and works inside the caller's transaction when there is one;
//   it writes what it changes itself (a caller never has to flush for it).
// - It names the tenant explicitly and does not need the request's tenant filter, so a webhook (no
//   signed-in user) may call it with the tenant it resolved.
// - `userId`, where optional, narrows to that user's own sessions (routes pass the caller).
// - A session that does not exist in the tenant (or is not the user's) throws 404 "Call not found".

export { CALL_NOT_FOUND };

export type StartCallSessionInput = {
  tenantId: string;
  /** The owner: who placed the call; for an inbound phone call, the tenant's owner. */
  userId: string;
  channel: CallChannel;
  direction?: CallDirection | null;
  callerId?: string | null;
  /** Twilio CallSid or OpenAI realtime call id; unique per tenant. */
  providerCallId?: string | null;
  purpose?: string | null;
  /** When the call started; now when absent. */
  startedAt?: Date;
  /**
   * The voice engine the call runs on and the voice profile that chose it, when the start knows them (a
   * browser call); a phone call's first media stream writes them instead (`claimCallEngine`).
   */
  engine?: 'realtime' | 'live' | null;
  profileId?: string | null;
};

/** A transcript line to append; `timestamp` defaults to now. */
export type CallTranscriptInput = {
  role: CallTranscriptEntry['role'];
  content: string;
  timestamp?: Date | string;
};

type SessionRef = { tenantId: string; id: string; userId?: string };

const tenantOnly = (tenantId: string) => ({ filters: { tenant: { tenantId } } });

function whereOf(ref: SessionRef) {
  return ref.userId === undefined
    ? { id: ref.id, tenantId: ref.tenantId }
    : { id: ref.id, tenantId: ref.tenantId, userId: ref.userId };
}

/** The session as stored now (reloaded, so an earlier copy in this EntityManager is brought up to date). */
async function reload(em: EntityManager, ref: SessionRef): Promise<CallSession> {
  const session = await em.findOne(CallSession, whereOf(ref), { ...tenantOnly(ref.tenantId), refresh: true });
  if (!session) throw notFound(CALL_NOT_FOUND);
  return session;
}

/**
 * Records a new, ongoing call. With a `providerCallId` the tenant already has (a retried webhook, a
 * second offer for the same call), it creates nothing and returns that existing session unchanged, also
 * when two requests race.
 */
export async function startCallSession(
  em: EntityManager,
  input: StartCallSessionInput,
): Promise<CallSession> {
  const id = randomUUID();
  const inserted = await insertCallSession(em, input, {
    id,
    channel: input.channel,
    direction: input.direction ?? null,
    callerId: input.callerId ?? null,
    providerCallId: input.providerCallId ?? null,
    purpose: input.purpose ?? null,
    startedAt: input.startedAt ?? new Date(),
    engine: input.engine ?? null,
    profileId: input.profileId ?? null,
  });
  if (inserted) return reload(em, { tenantId: input.tenantId, id });
  const existing = await findCallSessionByProviderId(em, {
    tenantId: input.tenantId,
    providerCallId: input.providerCallId ?? '',
  });
  if (!existing) throw new Error('call_session insert conflicted but no session has that provider call id');
  return existing;
}

/**
 * Ends a call: idempotent and forward-only. The first end sets `endedAt` (now when absent, never before
 * the start); a session already ended is returned unchanged (never reopened, its end never moved).
 */
export async function endCallSession(
  em: EntityManager,
  input: SessionRef & { endedAt?: Date },
): Promise<CallSession> {
  await endCallSessionRow(em, input, input.id, input.endedAt ?? new Date());
  return reload(em, input);
}

/**
 * Appends lines to a call's stored transcript, atomically (concurrent appends all land, in commit
 * order). Allowed after the call ended (a phone call's last lines may arrive after its end).
 */
export async function appendCallTranscript(
  em: EntityManager,
  input: SessionRef & { entries: CallTranscriptInput[] },
): Promise<CallSession> {
  const entries: CallTranscriptEntry[] = input.entries.map((entry) => ({
    role: entry.role,
    content: entry.content,
    timestamp: new Date(entry.timestamp ?? Date.now()).toISOString(),
  }));
  const appended = await appendCallTranscriptRows(em, input, input.id, JSON.stringify(entries));
  if (!appended) throw notFound(CALL_NOT_FOUND);
  return reload(em, input);
}

/** The tenant's session with this provider call id (Twilio CallSid, OpenAI call id), or null. */
export async function findCallSessionByProviderId(
  em: EntityManager,
  input: { tenantId: string; providerCallId: string },
): Promise<CallSession | null> {
  return em.findOne(
    CallSession,
    { tenantId: input.tenantId, providerCallId: input.providerCallId },
    { ...tenantOnly(input.tenantId), refresh: true },
  );
}

/** One of the user's own sessions; another user's, another tenant's or a missing one is 404. */
export async function getOwnCallSession(
  em: EntityManager,
  input: { tenantId: string; userId: string; id: string },
): Promise<CallSession> {
  return reload(em, input);
}

/**
 * Links the user's call to the voice conversation holding its transcript (a browser realtime call).
 * A call already linked to another conversation is 409; linking it again to the same one is a no-op.
 */
export async function linkCallSessionToConversation(
  em: EntityManager,
  input: { tenantId: string; userId: string; id: string; conversationId: string },
): Promise<CallSession> {
  const session = await getOwnCallSession(em, input);
  if (session.conversationId && session.conversationId !== input.conversationId) {
    throw conflict('Call is already linked to a conversation');
  }
  session.conversationId = input.conversationId;
  await em.flush();
  return session;
}
