import {
  createNoteRequestSchema,
  knowledgeListQuerySchema,
  noteSchema,
  updateNoteRequestSchema,
} from '@annie/api-client/contracts/knowledge';
import Router from '@koa/router';
import { z } from 'zod';
import type { DomainDeps } from '../../domain.ts';
import { uuidParam } from '../../lib/uuid-param.ts';
import { routeDoc } from '../../openapi/route-doc.ts';
import { type AppState, authOf } from '../auth/auth-context.ts';
import { requireAuth } from '../auth/require-auth.ts';
import { toNoteDto } from './knowledge.dto.ts';
import { listNotesJson } from './knowledge.queries.ts';
import { createNote, deleteNote, updateNote } from './note.service.ts';

const NOTE_NOT_FOUND = 'Note not found';

/** /api/knowledge/notes: list, create, edit, delete. */
export function noteRoutes({ pool }: Pick<DomainDeps, 'pool'>): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/knowledge/notes' });

  router.get(
    '/',
    routeDoc({
      summary: "List the tenant's notes, newest first, or one page of them",
      access: 'signed-in',
      query: knowledgeListQuerySchema,
      responses: { 200: { description: 'The notes', schema: z.array(noteSchema) } },
    }),
    requireAuth(),
    async (ctx) => {
      const page = knowledgeListQuerySchema.parse(ctx.query);
      ctx.type = 'application/json';
      ctx.body = await listNotesJson(pool, authOf(ctx).tenantId, page);
    },
  );

  router.post(
    '/',
    routeDoc({
      summary: 'Add a note',
      access: 'signed-in',
      body: createNoteRequestSchema,
      responses: { 201: { description: 'The note', schema: noteSchema } },
    }),
    requireAuth(),
    async (ctx) => {
      const input = createNoteRequestSchema.parse(ctx.request.body ?? {});
      ctx.status = 201;
      ctx.body = toNoteDto(await createNote(ctx.state.em, authOf(ctx).tenantId, input));
    },
  );

  router.patch(
    '/:id',
    routeDoc({
      summary: "Change a note's title, body, tags or source",
      access: 'signed-in',
      params: { id: z.uuid() },
      body: updateNoteRequestSchema,
      responses: { 200: { description: 'The note', schema: noteSchema } },
    }),
    requireAuth(),
    async (ctx) => {
      const id = uuidParam(ctx.params.id, NOTE_NOT_FOUND);
      const input = updateNoteRequestSchema.parse(ctx.request.body ?? {});
      ctx.body = toNoteDto(await updateNote(ctx.state.em, id, input));
    },
  );

  router.delete(
    '/:id',
    routeDoc({
      summary: 'Delete a note',
      access: 'signed-in',
      params: { id: z.uuid() },
      responses: { 204: { description: 'Deleted' } },
    }),
    requireAuth(),
    async (ctx) => {
      await deleteNote(ctx.state.em, uuidParam(ctx.params.id, NOTE_NOT_FOUND));
      ctx.status = 204;
    },
  );

  return router;
}
