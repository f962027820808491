import {
  addConversationMessageRequestSchema,
  createConversationRequestSchema,
  updateConversationRequestSchema,
} from '@annie/api-client/contracts/conversations';
import Router from '@koa/router';
import type { Pool } from '../../db/pool.ts';
import { uuidParam } from '../../lib/uuid-param.ts';
import { type AppState, authOf } from '../auth/auth-context.ts';
import { requireAuth } from '../auth/require-auth.ts';
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

  router.get('/', requireAuth(), async (ctx) => {
    const { tenantId, userId } = authOf(ctx);
    ctx.type = 'application/json';
    ctx.body = await listConversationsJson(pool, tenantId, userId);
  });

  router.post('/', requireAuth(), async (ctx) => {
    const input = createConversationRequestSchema.parse(ctx.request.body ?? {});
    const conversation = await startConversation(ctx.state.em, authOf(ctx), input.title);
    ctx.status = 201;
    ctx.body = { id: conversation.id };
  });

  router.get('/:id', requireAuth(), async (ctx) => {
    const conversation = await getOwnConversation(ctx.state.em, authOf(ctx), idOf(ctx.params.id));
    const messages = await listConversationMessages(ctx.state.em, conversation);
    ctx.body = {
      ...toConversationSummaryDto(conversation),
      messages: messages.map(toConversationMessageDto),
    };
  });

  router.post('/:id/messages', requireAuth(), async (ctx) => {
    const input = addConversationMessageRequestSchema.parse(ctx.request.body ?? {});
    const message = await addConversationMessage(ctx.state.em, authOf(ctx), idOf(ctx.params.id), input);
    ctx.status = 201;
    ctx.body = toConversationMessageDto(message);
  });

  router.patch('/:id', requireAuth(), async (ctx) => {
    const input = updateConversationRequestSchema.parse(ctx.request.body ?? {});
    const conversation = await updateConversation(ctx.state.em, authOf(ctx), idOf(ctx.params.id), input);
    ctx.body = toConversationSummaryDto(conversation);
  });

  // The spec's client reads the answer as JSON, so this is a 200 with a body rather than a 204.
  router.delete('/:id', requireAuth(), async (ctx) => {
    const id = idOf(ctx.params.id);
    await deleteConversation(ctx.state.em, authOf(ctx), id);
    ctx.body = { id, deleted: true };
  });

  return router;
}
