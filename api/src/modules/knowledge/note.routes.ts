import type * as contract from '@annie/contracts/knowledge-routes';
import type { ModuleDeps } from '../../api-module.ts';
import { jsonText, type SomeRouteHandlers } from '../../http/define-route.ts';
import { toNoteDto } from './knowledge.dto.ts';
import { listNotesJson } from './knowledge.queries.ts';
import { createNote, deleteNote, updateNote } from './note.service.ts';

/** /api/knowledge/notes: list, create, edit, delete. */
export function noteHandlers({ pool }: Pick<ModuleDeps, 'pool'>) {
  return {
    listNotes: async (_ctx, { query, auth }) => ({
      status: 200,
      body: jsonText(await listNotesJson(pool, auth.tenantId, query)),
    }),
    createNote: async (ctx, { body, auth }) => {
      return { status: 201, body: toNoteDto(await createNote(ctx.state.em, auth.tenantId, body)) };
    },
    updateNote: async (ctx, { params, body }) => ({
      status: 200,
      body: toNoteDto(await updateNote(ctx.state.em, params.id, body)),
    }),
    deleteNote: async (ctx, { params }) => {
      await deleteNote(ctx.state.em, params.id);
      return { status: 204 };
    },
  } satisfies SomeRouteHandlers<typeof contract>;
}
