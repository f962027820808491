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
import { type AppState, authOf } from '../../../http/app-state.ts';
import { requireAuth } from '../../../http/require-auth.ts';
import { uuidParam } from '../../../lib/uuid-param.ts';
import { routeDoc } from '../../../openapi/route-doc.ts';
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
  const idOf = (raw: string | undefined) => uuidParam(raw, CONVERSATION_NOT_FOUND);

  router.get(
    '/',
    routeDoc({
      summary: "The caller's own voice conversations, newest first",
      access: 'signed-in',
      responses: { 200: { description: 'The conversations', schema: conversationListSchema } },
    }),
    requireAuth(),
    async (ctx) => {
      const { tenantId, userId } = authOf(ctx);
      ctx.type = 'application/json';
      ctx.body = await listConversationsJson(pool, tenantId, userId);
    },
  );

  router.post(
    '/',
    routeDoc({
      summary: 'Start a voice conversation, optionally holding the transcript of one of the caller’s calls',
      access: 'signed-in',
      body: createConversationRequestSchema,
      responses: { 201: { description: 'Its id', schema: createConversationResponseSchema } },
      errors: {
        404: '`callSessionId` is not one of the caller’s calls',
        409: 'The call is already linked to another conversation',
      },
    }),
    requireAuth(),
    async (ctx) => {
      const input = createConversationRequestSchema.parse(ctx.request.body ?? {});
      const conversation = await startConversation(ctx.state.em, authOf(ctx), input);
      ctx.status = 201;
      ctx.body = { id: conversation.id };
    },
  );

  router.get(
    '/:id',
    routeDoc({
      summary: "One of the caller's conversations with its messages",
      access: 'signed-in',
      params: { id: z.uuid() },
      responses: { 200: { description: 'The conversation', schema: conversationDetailSchema } },
    }),
    requireAuth(),
    async (ctx) => {
      const conversation = await getOwnConversation(ctx.state.em, authOf(ctx), idOf(ctx.params.id));
      const messages = await listConversationMessages(ctx.state.em, conversation);
      ctx.body = {
        ...toConversationSummaryDto(conversation),
        messages: messages.map(toConversationMessageDto),
      };
    },
  );

  router.post(
    '/:id/messages',
    routeDoc({
      summary: 'Add a message to a conversation',
      access: 'signed-in',
      params: { id: z.uuid() },
      body: addConversationMessageRequestSchema,
      responses: { 201: { description: 'The message', schema: conversationMessageSchema } },
    }),
    requireAuth(),
    async (ctx) => {
      const input = addConversationMessageRequestSchema.parse(ctx.request.body ?? {});
      const message = await addConversationMessage(ctx.state.em, authOf(ctx), idOf(ctx.params.id), input);
      ctx.status = 201;
      ctx.body = toConversationMessageDto(message);
    },
  );

  router.patch(
    '/:id',
    routeDoc({
      summary: 'Rename a conversation',
      access: 'signed-in',
      params: { id: z.uuid() },
      body: updateConversationRequestSchema,
      responses: { 200: { description: 'The conversation', schema: conversationSummarySchema } },
    }),
    requireAuth(),
    async (ctx) => {
      const input = updateConversationRequestSchema.parse(ctx.request.body ?? {});
      const conversation = await updateConversation(ctx.state.em, authOf(ctx), idOf(ctx.params.id), input);
      ctx.body = toConversationSummaryDto(conversation);
    },
  );

  // Clients read the answer as JSON, so this is a 200 with a body rather than a 204.
  router.delete(
    '/:id',
    routeDoc({
      summary: 'Delete a conversation and its messages',
      access: 'signed-in',
      params: { id: z.uuid() },
      responses: { 200: { description: 'Deleted', schema: deleteConversationResponseSchema } },
    }),
    requireAuth(),
    async (ctx) => {
      const id = idOf(ctx.params.id);
      await deleteConversation(ctx.state.em, authOf(ctx), id);
      ctx.body = { id, deleted: true };
    },
  );

  return router;
}
