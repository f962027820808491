import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { tenantFilter } from '../../../db/tenant-filter.ts';

/** A stored voice conversation; it belongs to one user of the tenant. */
const VoiceConversationSchema = defineEntity({
  name: 'VoiceConversation',
  tableName: 'voice_conversation',
  filters: tenantFilter,
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    tenantId: p.string(),
    userId: p.uuid(),
    title: p.text().nullable(),
    startedAt: p.datetime().onCreate(() => new Date()),
    endedAt: p.datetime().nullable(),
    messageCount: p.integer().default(0),
  },
});

export class VoiceConversation extends VoiceConversationSchema.class {}
VoiceConversationSchema.setClass(VoiceConversation);

/** One line of a conversation, said by the user or the assistant. */
const VoiceConversationMessageSchema = defineEntity({
  name: 'VoiceConversationMessage',
  tableName: 'voice_conversation_message',
  filters: tenantFilter,
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    tenantId: p.string(),
    conversationId: p.uuid(),
    role: p.enum(['user', 'assistant'] as const),
    content: p.text(),
    timestamp: p.datetime(),
  },
});

export class VoiceConversationMessage extends VoiceConversationMessageSchema.class {}
VoiceConversationMessageSchema.setClass(VoiceConversationMessage);

export { VoiceConversationMessageSchema, VoiceConversationSchema };
