import { createVoiceProfileRequestSchema } from '@annie/contracts/voice-profiles';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CallSession } from '../../modules/voice/call-sessions/index.ts';
import { VoiceConversation, VoiceConversationMessage } from '../../modules/voice/conversations/index.ts';
import { createProfile, VoiceProfile } from '../../modules/voice/profiles/index.ts';
import { SEED_CONVERSATION, SEED_PHONE_CALL, SEED_VOICE_PROFILES } from './seed-data.ts';
import { seedUuid } from './seed-ids.ts';

type Owner = { tenantId: string; userId: string; username: string };

/** The two sample voice profiles, by name (a profile the user renamed or deleted is not brought back twice). */
export async function seedVoiceProfiles(em: EntityManager, owner: Owner): Promise<number> {
  let added = 0;
  for (const profile of SEED_VOICE_PROFILES) {
    if (await em.findOne(VoiceProfile, { name: profile.name })) continue;
    const input = createVoiceProfileRequestSchema.parse(profile);
    await createProfile(em, { tenantId: owner.tenantId, username: owner.username }, input);
    added += 1;
  }
  return added;
}

/** Spreads a transcript's lines evenly over the call. */
function timed<T>(lines: readonly T[], startedAt: Date, minutes: number) {
  const step = (minutes * 60_000) / lines.length;
  return lines.map((line, index) => ({ ...line, timestamp: new Date(startedAt.getTime() + index * step) }));
}

/**
 * Two past calls in Call History, once (their ids are derived from the sample): the browser call that
 * the sample conversation recorded, and an inbound phone call from the supplier.
 */
export async function seedCalls(em: EntityManager, owner: Owner, now = Date.now()): Promise<number> {
  const webId = seedUuid(owner.tenantId, `${SEED_CONVERSATION.key}:call:${owner.userId}`);
  const phoneId = seedUuid(owner.tenantId, `${SEED_PHONE_CALL.key}:${owner.userId}`);
  const existing = await em.find(CallSession, { id: { $in: [webId, phoneId] } });
  const web = new Date(now - SEED_CONVERSATION.hoursAgo * 3_600_000);
  const phone = new Date(now - SEED_PHONE_CALL.hoursAgo * 3_600_000);
  const calls = [
    {
      id: webId,
      channel: 'webrtc' as const,
      direction: 'outbound' as const,
      callerId: null,
      purpose: null,
      startedAt: web,
      minutes: SEED_CONVERSATION.minutes,
      transcript: timed(SEED_CONVERSATION.messages, web, SEED_CONVERSATION.minutes),
      conversationId: seedUuid(owner.tenantId, `${SEED_CONVERSATION.key}:${owner.userId}`),
    },
    {
      id: phoneId,
      channel: 'twilio' as const,
      direction: 'inbound' as const,
      callerId: SEED_PHONE_CALL.callerId,
      purpose: SEED_PHONE_CALL.purpose,
      startedAt: phone,
      minutes: SEED_PHONE_CALL.minutes,
      transcript: timed(SEED_PHONE_CALL.transcript, phone, SEED_PHONE_CALL.minutes),
      conversationId: null,
    },
  ].filter((call) => !existing.some((row) => row.id === call.id));
  for (const { minutes, transcript, ...call } of calls) {
    em.create(CallSession, {
      ...call,
      tenantId: owner.tenantId,
      userId: owner.userId,
      endedAt: new Date(call.startedAt.getTime() + minutes * 60_000),
      transcript: transcript.map((line) => ({ ...line, timestamp: line.timestamp.toISOString() })),
    });
  }
  await em.flush();
  return calls.length;
}

/** A past voice conversation of the user (Conversation History), once: its id is derived from the sample. */
export async function seedConversation(em: EntityManager, owner: Owner, now = Date.now()): Promise<number> {
  const id = seedUuid(owner.tenantId, `${SEED_CONVERSATION.key}:${owner.userId}`);
  if (await em.findOne(VoiceConversation, { id })) return 0;
  const startedAt = new Date(now - SEED_CONVERSATION.hoursAgo * 3_600_000);
  em.create(VoiceConversation, {
    id,
    tenantId: owner.tenantId,
    userId: owner.userId,
    title: SEED_CONVERSATION.title,
    startedAt,
    endedAt: new Date(startedAt.getTime() + SEED_CONVERSATION.minutes * 60_000),
    messageCount: SEED_CONVERSATION.messages.length,
  });
  // The messages reference the conversation by a plain column: it must be stored first.
  await em.flush();
  for (const message of timed(SEED_CONVERSATION.messages, startedAt, SEED_CONVERSATION.minutes)) {
    em.create(VoiceConversationMessage, { tenantId: owner.tenantId, conversationId: id, ...message });
  }
  await em.flush();
  return 1;
}
