import * as contract from '@annie/contracts/contacts-routes';
import Router from '@koa/router';
import type { CountryCode } from 'libphonenumber-js';
import type { Pool } from '../../db/pool.ts';
import type { AppState } from '../../http/app-state.ts';
import { defineRoutes, jsonText } from '../../http/define-route.ts';
import { decodeCursor, setNextLink } from '../../lib/keyset-cursor.ts';
import { toContactDto } from './contact.dto.ts';
import { contactCursorSchema, contactPageJson } from './contact.queries.ts';
import { createContact, deleteContact, getContact, updateContact } from './contact.service.ts';

/** /api/contacts: the address book (list, add, view, edit, delete). */
export function contactRoutes({ pool, region }: { pool: Pool; region: CountryCode }) {
  return defineRoutes(new Router<AppState>(), contract, {
    listContacts: async (ctx, { query: { q, after, limit }, auth }) => {
      const page = await contactPageJson(pool, auth.tenantId, {
        q,
        after: after === undefined ? undefined : decodeCursor(after, contactCursorSchema),
        limit,
      });
      setNextLink(ctx, contract.listContacts.path, { limit: String(limit), q }, page.next);
      return { status: 200, body: jsonText(page.body) };
    },
    createContact: async (ctx, { body, auth }) => {
      return {
        status: 201,
        body: toContactDto(await createContact(ctx.state.em, auth.tenantId, body, region)),
      };
    },
    getContact: async (ctx, { params }) => ({
      status: 200,
      body: toContactDto(await getContact(ctx.state.em, params.id)),
    }),
    updateContact: async (ctx, { params, body }) => ({
      status: 200,
      body: toContactDto(await updateContact(ctx.state.em, params.id, body, region)),
    }),
    deleteContact: async (ctx, { params }) => {
      await deleteContact(ctx.state.em, params.id);
      return { status: 204 };
    },
  });
}
