import type { EntityManager } from '@mikro-orm/postgresql';
import {
  VoiceConversation,
  VoiceConversationMessage,
} from '../../modules/conversations/conversation.entity.ts';
import { VoiceProfile } from '../../modules/voice-profiles/voice-profile.entity.ts';
import { createProfile } from '../../modules/voice-profiles/voice-profile.service.ts';
import { SEED_CONVERSATION, SEED_VOICE_PROFILES } from './seed-data.ts';
import { seedUuid } from './seed-ids.ts';

type Owner = { tenantId: string; userId: string; username: string };

/** The two sample voice profiles, by name (a profile the user renamed or deleted is not brought back twice). */
export async function seedVoiceProfiles(em: EntityManager, owner: Owner): Promise<number> {
  let added = 0;
  for (const profile of SEED_VOICE_PROFILES) {
    if (await em.findOne(VoiceProfile, { name: profile.name })) continue;
    await createProfile(em, { tenantId: owner.tenantId, username: owner.username }, profile);
    added += 1;
  }
  return added;
}

/** A past voice conversation of the user (Conversation History), once: its id is derived from the sample. */
export async function seedConversation(em: EntityManager, owner: Owner, now = Date.now()): Promise<number> {
  const id = seedUuid(owner.tenantId, `${SEED_CONVERSATION.key}:${owner.userId}`);
  if (await em.findOne(VoiceConversation, { id })) return 0;
  const startedAt = new Date(now - SEED_CONVERSATION.hoursAgo * 3_600_000);
  const step = (SEED_CONVERSATION.minutes * 60_000) / SEED_CONVERSATION.messages.length;
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
  SEED_CONVERSATION.messages.forEach((message, index) => {
    em.create(VoiceConversationMessage, {
      tenantId: owner.tenantId,
      conversationId: id,
      role: message.role,
      content: message.content,
      timestamp: new Date(startedAt.getTime() + index * step),
    });
  });
  await em.flush();
  return 1;
}
