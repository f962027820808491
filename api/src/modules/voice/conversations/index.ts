// Conversations: each user's saved chat and voice history.
export { VoiceConversation, VoiceConversationMessage } from './conversation.entity.ts';
export { conversationsModule } from './conversations.module.ts';
