import {
  type AddConversationMessageRequest,
  type CreateConversationRequest,
  createConversationResponseSchema,
  type UpdateConversationRequest,
} from '../contracts/conversations.ts';
import { apiJson, apiRequest, type RequestOptions } from '../http.ts';

const conversationUrl = (id: string) => `/api/voice/conversations/${encodeURIComponent(id)}`;

/** POST /api/voice/conversations: starts a conversation record (the voice page's call); its id. */
export async function createConversation(body: CreateConversationRequest): Promise<string> {
  return createConversationResponseSchema.parse(
    await apiJson<unknown>('POST', '/api/voice/conversations', body),
  ).id;
}

/** POST /api/voice/conversations/:id/messages: saves one final transcript entry. */
export async function addConversationMessage(id: string, body: AddConversationMessageRequest): Promise<void> {
  await apiRequest('POST', `${conversationUrl(id)}/messages`, body);
}

/** PATCH /api/voice/conversations/:id: the end time and title when the call ends. */
export async function updateConversation(
  id: string,
  body: UpdateConversationRequest,
  options?: RequestOptions,
): Promise<void> {
  await apiRequest('PATCH', conversationUrl(id), body, options);
}
