// The caller's own voice conversation history: the voice page writes it, the Conversations page reads it.
import { z } from 'zod';
import {
  addConversationMessageRequestSchema,
  conversationDetailSchema,
  conversationListSchema,
  conversationMessageSchema,
  conversationSummarySchema,
  createConversationRequestSchema,
  createConversationResponseSchema,
  deleteConversationResponseSchema,
  updateConversationRequestSchema,
} from './conversations.ts';
import { route } from './route.ts';

const CONVERSATION_NOT_FOUND = 'Conversation not found';
const byId = { params: { id: z.uuid() }, notFound: CONVERSATION_NOT_FOUND } as const;

export const listConversations = route({
  method: 'get',
  path: '/api/voice/conversations',
  summary: "The caller's own voice conversations, newest first",
  access: 'signed-in',
  responses: { 200: { description: 'The conversations', schema: conversationListSchema } },
});

export const createConversation = route({
  method: 'post',
  path: '/api/voice/conversations',
  summary: 'Start a voice conversation, optionally holding the transcript of one of the caller’s calls',
  access: 'signed-in',
  body: createConversationRequestSchema,
  responses: { 201: { description: 'Its id', schema: createConversationResponseSchema } },
  errors: {
    404: '`callSessionId` is not one of the caller’s calls',
    409: 'The call is already linked to another conversation',
  },
});

export const getConversation = route({
  method: 'get',
  path: '/api/voice/conversations/:id',
  summary: "One of the caller's conversations with its messages",
  access: 'signed-in',
  ...byId,
  responses: { 200: { description: 'The conversation', schema: conversationDetailSchema } },
});

export const addConversationMessage = route({
  method: 'post',
  path: '/api/voice/conversations/:id/messages',
  summary: 'Add a message to a conversation',
  access: 'signed-in',
  ...byId,
  body: addConversationMessageRequestSchema,
  responses: { 201: { description: 'The message', schema: conversationMessageSchema } },
});

export const updateConversation = route({
  method: 'patch',
  path: '/api/voice/conversations/:id',
  summary: 'End a conversation (endedAt) or rename it',
  access: 'signed-in',
  ...byId,
  body: updateConversationRequestSchema,
  responses: { 200: { description: 'The conversation', schema: conversationSummarySchema } },
});

// Clients read the answer as JSON, so this is a 200 with a body rather than a 204.
export const deleteConversation = route({
  method: 'delete',
  path: '/api/voice/conversations/:id',
  summary: 'Delete a conversation and its messages',
  access: 'signed-in',
  ...byId,
  responses: { 200: { description: 'Deleted', schema: deleteConversationResponseSchema } },
});
