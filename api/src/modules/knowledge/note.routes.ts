import * as contract from '@annie/contracts/knowledge-routes';
import Router from '@koa/router';
import type { DomainDeps } from '../../domain.ts';
import type { AppState } from '../../http/app-state.ts';
import { defineRoute, jsonText } from '../../http/define-route.ts';
import { toNoteDto } from './knowledge.dto.ts';
import { listNotesJson } from './knowledge.queries.ts';
import { createNote, deleteNote, updateNote } from './note.service.ts';

/** /api/knowledge/notes: list, create, edit, delete. */
export function noteRoutes({ pool }: Pick<DomainDeps, 'pool'>): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/knowledge/notes' });

  defineRoute(router, contract.listNotes, async (_ctx, { query, auth }) =>
    jsonText(await listNotesJson(pool, auth.tenantId, query)),
  );

  defineRoute(router, contract.createNote, async (ctx, { body, auth }) => {
    ctx.status = 201;
    return toNoteDto(await createNote(ctx.state.em, auth.tenantId, body));
  });

  defineRoute(router, contract.updateNote, async (ctx, { params, body }) =>
    toNoteDto(await updateNote(ctx.state.em, params.id, body)),
  );

  defineRoute(router, contract.deleteNote, async (ctx, { params }) => {
    await deleteNote(ctx.state.em, params.id);
    ctx.status = 204;
  });

  return router;
}
