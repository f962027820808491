import {
  createNoteRequestSchema,
  knowledgeListQuerySchema,
  updateNoteRequestSchema,
} from '@annie/api-client/contracts/knowledge';
import Router from '@koa/router';
import type { AppState } from '../auth/auth-context.ts';
import { requireAuth } from '../auth/require-auth.ts';
import type { ModuleDeps } from '../feature-module.ts';
import { toNoteDto } from './knowledge.dto.ts';
import { listNotesJson } from './knowledge.queries.ts';
import { authOf, rowIdParam } from './knowledge-auth.ts';
import { createNote, deleteNote, updateNote } from './note.service.ts';

const NOTE_NOT_FOUND = 'Note not found';

/** /api/knowledge/notes: list, create, edit, delete. */
export function noteRoutes({ pool }: Pick<ModuleDeps, 'pool'>): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/knowledge/notes' });

  router.get('/', requireAuth(), async (ctx) => {
    const page = knowledgeListQuerySchema.parse(ctx.query);
    ctx.type = 'application/json';
    ctx.body = await listNotesJson(pool, authOf(ctx).tenantId, page);
  });

  router.post('/', requireAuth(), async (ctx) => {
    const input = createNoteRequestSchema.parse(ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = toNoteDto(await createNote(ctx.state.em, authOf(ctx).tenantId, input));
  });

  router.patch('/:id', requireAuth(), async (ctx) => {
    const id = rowIdParam(ctx.params.id, NOTE_NOT_FOUND);
    const input = updateNoteRequestSchema.parse(ctx.request.body ?? {});
    ctx.body = toNoteDto(await updateNote(ctx.state.em, id, input));
  });

  router.delete('/:id', requireAuth(), async (ctx) => {
    await deleteNote(ctx.state.em, rowIdParam(ctx.params.id, NOTE_NOT_FOUND));
    ctx.status = 204;
  });

  return router;
}
