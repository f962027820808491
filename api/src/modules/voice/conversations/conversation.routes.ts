import * as contract from '@annie/contracts/conversations-routes';
import Router from '@koa/router';
import type { Pool } from '../../../db/pool.ts';
import type { AppState } from '../../../http/app-state.ts';
import { defineRoute, jsonText } from '../../../http/define-route.ts';
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
export function conversationRoutes({ pool }: { pool: Pool }): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/voice/conversations' });

  defineRoute(router, contract.listConversations, async (_ctx, { auth }) =>
    jsonText(await listConversationsJson(pool, auth)),
  );

  defineRoute(router, contract.createConversation, async (ctx, { body, auth }) => {
    const conversation = await startConversation(ctx.state.em, auth, body);
    ctx.status = 201;
    return { id: conversation.id };
  });

  defineRoute(router, contract.getConversation, async (ctx, { params, auth }) => {
    const conversation = await getOwnConversation(ctx.state.em, auth, params.id);
    const messages = await listConversationMessages(ctx.state.em, conversation);
    return { ...toConversationSummaryDto(conversation), messages: messages.map(toConversationMessageDto) };
  });

  defineRoute(router, contract.addConversationMessage, async (ctx, { params, body, auth }) => {
    const message = await addConversationMessage(ctx.state.em, auth, params.id, body);
    ctx.status = 201;
    return toConversationMessageDto(message);
  });

  defineRoute(router, contract.updateConversation, async (ctx, { params, body, auth }) =>
    toConversationSummaryDto(await updateConversation(ctx.state.em, auth, params.id, body)),
  );

  defineRoute(router, contract.deleteConversation, async (ctx, { params: { id }, auth }) => {
    await deleteConversation(ctx.state.em, auth, id);
    return { id, deleted: true as const };
  });

  return router;
}
