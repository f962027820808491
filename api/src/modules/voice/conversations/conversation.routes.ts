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
} from '@annie/api-client/contracts/conversations';
import Router from '@koa/router';
import { z } from 'zod';
import type { Pool } from '../../../db/pool.ts';
import type { AppState } from '../../../http/app-state.ts';
import { defineRoute } from '../../../http/define-route.ts';
import { toConversationMessageDto, toConversationSummaryDto } from './conversation.dto.ts';
import { listConversationsJson } from './conversation.queries.ts';
import {
  addConversationMessage,
  CONVERSATION_NOT_FOUND,
  deleteConversation,
  getOwnConversation,
  listConversationMessages,
  startConversation,
  updateConversation,
} from './conversation.service.ts';

/** /api/voice/conversations: the caller's own voice conversation history (the voice page writes it). */
export function conversationRoutes({ pool }: { pool: Pool }): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/voice/conversations' });
  const byId = { params: { id: z.uuid() }, notFound: CONVERSATION_NOT_FOUND };

  defineRoute(
    router,
    {
      method: 'get',
      path: '/',
      summary: "The caller's own voice conversations, newest first",
      access: 'signed-in',
      responses: { 200: { description: 'The conversations', schema: conversationListSchema } },
    },
    async (ctx, { auth }) => {
      ctx.type = 'application/json';
      ctx.body = await listConversationsJson(pool, auth);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/',
      summary: 'Start a voice conversation, optionally holding the transcript of one of the caller’s calls',
      access: 'signed-in',
      body: createConversationRequestSchema,
      responses: { 201: { description: 'Its id', schema: createConversationResponseSchema } },
      errors: {
        404: '`callSessionId` is not one of the caller’s calls',
        409: 'The call is already linked to another conversation',
      },
    },
    async (ctx, { body, auth }) => {
      const conversation = await startConversation(ctx.state.em, auth, body);
      ctx.status = 201;
      ctx.body = { id: conversation.id };
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/:id',
      summary: "One of the caller's conversations with its messages",
      access: 'signed-in',
      ...byId,
      responses: { 200: { description: 'The conversation', schema: conversationDetailSchema } },
    },
    async (ctx, { params, auth }) => {
      const conversation = await getOwnConversation(ctx.state.em, auth, params.id);
      const messages = await listConversationMessages(ctx.state.em, conversation);
      ctx.body = {
        ...toConversationSummaryDto(conversation),
        messages: messages.map(toConversationMessageDto),
      };
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/:id/messages',
      summary: 'Add a message to a conversation',
      access: 'signed-in',
      ...byId,
      body: addConversationMessageRequestSchema,
      responses: { 201: { description: 'The message', schema: conversationMessageSchema } },
    },
    async (ctx, { params, body, auth }) => {
      const message = await addConversationMessage(ctx.state.em, auth, params.id, body);
      ctx.status = 201;
      ctx.body = toConversationMessageDto(message);
    },
  );

  defineRoute(
    router,
    {
      method: 'patch',
      path: '/:id',
      summary: 'Rename a conversation',
      access: 'signed-in',
      ...byId,
      body: updateConversationRequestSchema,
      responses: { 200: { description: 'The conversation', schema: conversationSummarySchema } },
    },
    async (ctx, { params, body, auth }) => {
      const conversation = await updateConversation(ctx.state.em, auth, params.id, body);
      ctx.body = toConversationSummaryDto(conversation);
    },
  );

  // Clients read the answer as JSON, so this is a 200 with a body rather than a 204.
  defineRoute(
    router,
    {
      method: 'delete',
      path: '/:id',
      summary: 'Delete a conversation and its messages',
      access: 'signed-in',
      ...byId,
      responses: { 200: { description: 'Deleted', schema: deleteConversationResponseSchema } },
    },
    async (ctx, { params: { id }, auth }) => {
      await deleteConversation(ctx.state.em, auth, id);
      ctx.body = { id, deleted: true };
    },
  );

  return router;
}
