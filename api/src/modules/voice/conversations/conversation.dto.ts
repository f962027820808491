import type { ConversationMessage, ConversationSummary } from '@annie/contracts/conversations';
import { isoSql } from '../../../db/sql-text.ts';
import type { VoiceConversation, VoiceConversationMessage } from './conversation.entity.ts';

/** The only shape of a conversation that leaves the server (the list builds the same one in SQL). */
export function toConversationSummaryDto(conversation: VoiceConversation): ConversationSummary {
  return {
    id: conversation.id,
    title: conversation.title ?? null,
    startedAt: conversation.startedAt.toISOString(),
    endedAt: conversation.endedAt?.toISOString() ?? null,
    messageCount: conversation.messageCount,
  };
}

export function toConversationMessageDto(message: VoiceConversationMessage): ConversationMessage {
  return {
    id: message.id,
    role: message.role,
    content: message.content,
    timestamp: message.timestamp.toISOString(),
  };
}

/** The summary DTO built in SQL; the same fields, names and formats as `toConversationSummaryDto`. */
export function conversationJsonSql(alias: string): string {
  return `json_build_object('id', ${alias}.id, 'title', ${alias}.title,
    'startedAt', ${isoSql(`${alias}.started_at`)}, 'endedAt', ${isoSql(`${alias}.ended_at`)},
    'messageCount', ${alias}.message_count)`;
}
