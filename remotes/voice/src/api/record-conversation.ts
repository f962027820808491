import { callRoute } from '@annie/api-client/call-route';
import type { RequestOptions } from '@annie/api-client/http';
import type {
  AddConversationMessageRequest,
  CreateConversationRequest,
  UpdateConversationRequest,
} from '@annie/contracts/conversations';
import * as routes from '@annie/contracts/conversations-routes';

/** Starts a conversation record (the voice page's call); its id. */
export async function createConversation(body: CreateConversationRequest): Promise<string> {
  return (await callRoute(routes.createConversation, { body })).id;
}

/** Saves one final transcript entry. */
export async function addConversationMessage(id: string, body: AddConversationMessageRequest): Promise<void> {
  await callRoute(routes.addConversationMessage, { params: { id }, body });
}

/** The end time and title when the call ends. */
export async function updateConversation(
  id: string,
  body: UpdateConversationRequest,
  options?: RequestOptions,
): Promise<void> {
  await callRoute(routes.updateConversation, { params: { id }, body }, options);
}
