import * as contract from '@annie/contracts/conversations-routes';
import Router from '@koa/router';
import type { Pool } from '../../../db/pool.ts';
import type { AppState } from '../../../http/app-state.ts';
import { defineRoutes, jsonText } from '../../../http/define-route.ts';
import { toConversationMessageDto, toConversationSummaryDto } from './conversation.dto.ts';
import { listConversationsJson } from './conversation.queries.ts';
import {
  addConversationMessage,
  deleteConversation,
  getOwnConversation,
  listConversationMessages,
  startConversation,
  updateConversation,
} from './conversation.service.ts';

/** /api/voice/conversations: the caller's own voice conversation history (the voice page writes it). */
export function conversationRoutes({ pool }: { pool: Pool }) {
  return defineRoutes(new Router<AppState>(), contract, {
    listConversations: async (_ctx, { auth }) => ({
      status: 200,
      body: jsonText(await listConversationsJson(pool, auth)),
    }),
    createConversation: async (ctx, { body, auth }) => {
      const conversation = await startConversation(ctx.state.em, auth, body);
      return { status: 201, body: { id: conversation.id } };
    },
    getConversation: async (ctx, { params, auth }) => {
      const conversation = await getOwnConversation(ctx.state.em, auth, params.id);
      const messages = await listConversationMessages(ctx.state.em, conversation);
      return {
        status: 200,
        body: { ...toConversationSummaryDto(conversation), messages: messages.map(toConversationMessageDto) },
      };
    },
    addConversationMessage: async (ctx, { params, body, auth }) => {
      const message = await addConversationMessage(ctx.state.em, auth, params.id, body);
      return { status: 201, body: toConversationMessageDto(message) };
    },
    updateConversation: async (ctx, { params, body, auth }) => ({
      status: 200,
      body: toConversationSummaryDto(await updateConversation(ctx.state.em, auth, params.id, body)),
    }),
    deleteConversation: async (ctx, { params: { id }, auth }) => {
      await deleteConversation(ctx.state.em, auth, id);
      return { status: 200, body: { id, deleted: true as const } };
    },
  });
}
