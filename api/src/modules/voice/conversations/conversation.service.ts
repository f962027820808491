import type {
  AddConversationMessageRequest,
  UpdateConversationRequest,
} from '@annie/contracts/conversations';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../../http/app-state.ts';
import { notFound } from '../../../lib/http-errors.ts';
import { getOwnCallSession, linkCallSessionToConversation } from '../call-sessions/index.ts';
import { VoiceConversation, VoiceConversationMessage } from './conversation.entity.ts';

export const CONVERSATION_NOT_FOUND = 'Conversation not found';

type Owner = Pick<AuthContext, 'tenantId' | 'userId'>;

/** One of the caller's own conversations; another user's is "not found", like a missing one. */
export async function getOwnConversation(
  em: EntityManager,
  owner: Owner,
  id: string,
): Promise<VoiceConversation> {
  const conversation = await em.findOne(VoiceConversation, { id, userId: owner.userId });
  if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
  return conversation;
}

/**
 * Starts a conversation for the caller; with `callSessionId`, one of the caller's own call sessions
 * (else 404, and nothing is stored) is linked to it, in the same transaction.
 */
export async function startConversation(
  em: EntityManager,
  owner: Owner,
  input: { title?: string | null; callSessionId?: string },
): Promise<VoiceConversation> {
  return em.transactional(async (tx) => {
    const { callSessionId } = input;
    if (callSessionId !== undefined) {
      await getOwnCallSession(tx, { tenantId: owner.tenantId, userId: owner.userId, id: callSessionId });
    }
    const conversation = tx.create(VoiceConversation, {
      tenantId: owner.tenantId,
      userId: owner.userId,
      title: input.title ?? null,
    });
    await tx.flush();
    if (callSessionId !== undefined) {
      await linkCallSessionToConversation(tx, {
        tenantId: owner.tenantId,
        userId: owner.userId,
        id: callSessionId,
        conversationId: conversation.id,
      });
    }
    return conversation;
  });
}

/** Appends a line and counts it, in one transaction. */
export async function addConversationMessage(
  em: EntityManager,
  owner: Owner,
  id: string,
  input: AddConversationMessageRequest,
): Promise<VoiceConversationMessage> {
  return em.transactional(async (tx) => {
    const conversation = await getOwnConversation(tx, owner, id);
    const message = tx.create(VoiceConversationMessage, {
      tenantId: owner.tenantId,
      conversationId: conversation.id,
      role: input.role,
      content: input.content,
      timestamp: input.timestamp ? new Date(input.timestamp) : new Date(),
    });
    conversation.messageCount += 1;
    await tx.flush();
    return message;
  });
}

/** Ends and/or names a conversation. */
export async function updateConversation(
  em: EntityManager,
  owner: Owner,
  id: string,
  input: UpdateConversationRequest,
): Promise<VoiceConversation> {
  const conversation = await getOwnConversation(em, owner, id);
  if (input.endedAt !== undefined) conversation.endedAt = input.endedAt ? new Date(input.endedAt) : null;
  if (input.title !== undefined) conversation.title = input.title || null;
  await em.flush();
  return conversation;
}

/** The conversation's lines in the order they were said. */
export async function listConversationMessages(
  em: EntityManager,
  conversation: VoiceConversation,
): Promise<VoiceConversationMessage[]> {
  return em.find(
    VoiceConversationMessage,
    { conversationId: conversation.id },
    { orderBy: { timestamp: 'asc', id: 'asc' } },
  );
}

/** Deletes one of the caller's conversations with its lines. */
export async function deleteConversation(em: EntityManager, owner: Owner, id: string): Promise<void> {
  const deleted = await em.nativeDelete(VoiceConversation, { id, userId: owner.userId });
  if (deleted === 0) throw notFound(CONVERSATION_NOT_FOUND);
}
