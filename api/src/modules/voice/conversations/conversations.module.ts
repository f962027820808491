import type { ApiModule } from '../../../api-module.ts';
import { VoiceConversationMessageSchema, VoiceConversationSchema } from './conversation.entity.ts';
import { conversationRoutes } from './conversation.routes.ts';
import { Migration20261122030200_voice_conversations } from './migrations/Migration20261122030200_voice_conversations.ts';

/** Voice conversation history: written by the voice page, read and deleted on /conversations. */
export const conversationsModule: ApiModule = {
  name: 'conversations',
  entities: [VoiceConversationSchema, VoiceConversationMessageSchema],
  migrations: [
    {
      name: 'Migration20261122030200_voice_conversations',
      class: Migration20261122030200_voice_conversations,
    },
  ],
  create: ({ pool }) => ({ routers: [conversationRoutes({ pool })] }),
};
