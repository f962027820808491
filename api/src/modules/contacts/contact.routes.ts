import * as contract from '@annie/contracts/contacts-routes';
import Router from '@koa/router';
import type { CountryCode } from 'libphonenumber-js';
import type { Pool } from '../../db/pool.ts';
import type { AppState } from '../../http/app-state.ts';
import { defineRoute, jsonText } from '../../http/define-route.ts';
import { decodeCursor, setNextLink } from '../../lib/keyset-cursor.ts';
import { toContactDto } from './contact.dto.ts';
import { contactCursorSchema, contactPageJson } from './contact.queries.ts';
import { createContact, deleteContact, getContact, updateContact } from './contact.service.ts';

/** /api/contacts: the address book (list, add, view, edit, delete). */
export function contactRoutes({ pool, region }: { pool: Pool; region: CountryCode }): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/contacts' });

  defineRoute(router, contract.listContacts, async (ctx, { query: { q, after, limit }, auth }) => {
    const page = await contactPageJson(pool, auth.tenantId, {
      q,
      after: after === undefined ? undefined : decodeCursor(after, contactCursorSchema),
      limit,
    });
    setNextLink(ctx, contract.listContacts.path, { limit: String(limit), q }, page.next);
    return jsonText(page.body);
  });

  defineRoute(router, contract.createContact, async (ctx, { body, auth }) => {
    ctx.status = 201;
    return toContactDto(await createContact(ctx.state.em, auth.tenantId, body, region));
  });

  defineRoute(router, contract.getContact, async (ctx, { params }) =>
    toContactDto(await getContact(ctx.state.em, params.id)),
  );

  defineRoute(router, contract.updateContact, async (ctx, { params, body }) =>
    toContactDto(await updateContact(ctx.state.em, params.id, body, region)),
  );

  defineRoute(router, contract.deleteContact, async (ctx, { params }) => {
    await deleteContact(ctx.state.em, params.id);
    ctx.status = 204;
  });

  return router;
}
