import {
  contactListQuerySchema,
  contactListSchema,
  contactSchema,
  createContactRequestSchema,
  updateContactRequestSchema,
} from '@annie/api-client/contracts/contacts';
import Router from '@koa/router';
import type { CountryCode } from 'libphonenumber-js';
import { z } from 'zod';
import type { Pool } from '../../db/pool.ts';
import type { AppState } from '../../http/app-state.ts';
import { defineRoute } from '../../http/define-route.ts';
import { decodeCursor, setNextLink } from '../../lib/keyset-cursor.ts';
import { toContactDto } from './contact.dto.ts';
import { contactCursorSchema, contactPageJson } from './contact.queries.ts';
import {
  CONTACT_NOT_FOUND,
  createContact,
  deleteContact,
  getContact,
  updateContact,
} from './contact.service.ts';

/** /api/contacts: the address book (list, add, view, edit, delete). */
export function contactRoutes({ pool, region }: { pool: Pool; region: CountryCode }): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/contacts' });

  defineRoute(
    router,
    {
      method: 'get',
      path: '/',
      summary:
        "A page of the tenant's contacts (favourites first, then by name), each with its SMS thread " +
        'summary; a Link header (rel="next") gives the next page while more remain',
      access: 'signed-in',
      query: contactListQuerySchema,
      responses: { 200: { description: 'The contacts', schema: contactListSchema } },
    },
    async (ctx, { query: { q, after, limit }, auth }) => {
      const page = await contactPageJson(pool, auth.tenantId, {
        q,
        after: after === undefined ? undefined : decodeCursor(after, contactCursorSchema),
        limit,
      });
      setNextLink(ctx, '/api/contacts', { limit: String(limit), q }, page.next);
      ctx.type = 'application/json';
      ctx.body = page.body;
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/',
      summary: 'Add a contact',
      access: 'signed-in',
      body: createContactRequestSchema,
      responses: { 201: { description: 'The contact', schema: contactSchema } },
      errors: { 409: 'Another contact already has this phone number' },
    },
    async (ctx, { body, auth }) => {
      ctx.status = 201;
      ctx.body = toContactDto(await createContact(ctx.state.em, auth.tenantId, body, region));
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/:id',
      summary: 'One contact',
      access: 'signed-in',
      params: { id: z.uuid() },
      notFound: CONTACT_NOT_FOUND,
      responses: { 200: { description: 'The contact', schema: contactSchema } },
    },
    async (ctx, { params }) => {
      ctx.body = toContactDto(await getContact(ctx.state.em, params.id));
    },
  );

  defineRoute(
    router,
    {
      method: 'patch',
      path: '/:id',
      summary: 'Change a contact',
      access: 'signed-in',
      params: { id: z.uuid() },
      notFound: CONTACT_NOT_FOUND,
      body: updateContactRequestSchema,
      responses: { 200: { description: 'The contact', schema: contactSchema } },
      errors: { 409: 'Another contact already has this phone number' },
    },
    async (ctx, { params, body }) => {
      ctx.body = toContactDto(await updateContact(ctx.state.em, params.id, body, region));
    },
  );

  defineRoute(
    router,
    {
      method: 'delete',
      path: '/:id',
      summary: 'Delete a contact',
      access: 'signed-in',
      params: { id: z.uuid() },
      notFound: CONTACT_NOT_FOUND,
      responses: { 204: { description: 'Deleted' } },
    },
    async (ctx, { params }) => {
      await deleteContact(ctx.state.em, params.id);
      ctx.status = 204;
    },
  );

  return router;
}
