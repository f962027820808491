import {
  createNoteRequestSchema,
  knowledgeListQuerySchema,
  noteSchema,
  updateNoteRequestSchema,
} from '@annie/api-client/contracts/knowledge';
import Router from '@koa/router';
import { z } from 'zod';
import type { DomainDeps } from '../../domain.ts';
import type { AppState } from '../../http/app-state.ts';
import { defineRoute } from '../../http/define-route.ts';
import { toNoteDto } from './knowledge.dto.ts';
import { listNotesJson } from './knowledge.queries.ts';
import { createNote, deleteNote, updateNote } from './note.service.ts';

const NOTE_NOT_FOUND = 'Note not found';

/** /api/knowledge/notes: list, create, edit, delete. */
export function noteRoutes({ pool }: Pick<DomainDeps, 'pool'>): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/knowledge/notes' });

  defineRoute(
    router,
    {
      method: 'get',
      path: '/',
      summary: "List the tenant's notes, newest first, or one page of them",
      access: 'signed-in',
      query: knowledgeListQuerySchema,
      responses: { 200: { description: 'The notes', schema: z.array(noteSchema) } },
    },
    async (ctx, { query, auth }) => {
      ctx.type = 'application/json';
      ctx.body = await listNotesJson(pool, auth.tenantId, query);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/',
      summary: 'Add a note',
      access: 'signed-in',
      body: createNoteRequestSchema,
      responses: { 201: { description: 'The note', schema: noteSchema } },
    },
    async (ctx, { body, auth }) => {
      ctx.status = 201;
      ctx.body = toNoteDto(await createNote(ctx.state.em, auth.tenantId, body));
    },
  );

  defineRoute(
    router,
    {
      method: 'patch',
      path: '/:id',
      summary: "Change a note's title, body, tags or source",
      access: 'signed-in',
      params: { id: z.uuid() },
      notFound: NOTE_NOT_FOUND,
      body: updateNoteRequestSchema,
      responses: { 200: { description: 'The note', schema: noteSchema } },
    },
    async (ctx, { params, body }) => {
      ctx.body = toNoteDto(await updateNote(ctx.state.em, params.id, body));
    },
  );

  defineRoute(
    router,
    {
      method: 'delete',
      path: '/:id',
      summary: 'Delete a note',
      access: 'signed-in',
      params: { id: z.uuid() },
      notFound: NOTE_NOT_FOUND,
      responses: { 204: { description: 'Deleted' } },
    },
    async (ctx, { params }) => {
      await deleteNote(ctx.state.em, params.id);
      ctx.status = 204;
    },
  );

  return router;
}
