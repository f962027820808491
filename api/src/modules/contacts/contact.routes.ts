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
import { type AppState, authOf } from '../../http/app-state.ts';
import { requireAuth } from '../../http/require-auth.ts';
import { decodeCursor, setNextLink } from '../../lib/keyset-cursor.ts';
import { uuidParam } from '../../lib/uuid-param.ts';
import { routeDoc } from '../../openapi/route-doc.ts';
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

  router.get(
    '/',
    routeDoc({
      summary:
        "A page of the tenant's contacts (favourites first, then by name), each with its SMS thread " +
        'summary; a Link header (rel="next") gives the next page while more remain',
      access: 'signed-in',
      query: contactListQuerySchema,
      responses: { 200: { description: 'The contacts', schema: contactListSchema } },
    }),
    requireAuth(),
    async (ctx) => {
      const { q, after, limit } = contactListQuerySchema.parse(ctx.query);
      const page = await contactPageJson(pool, authOf(ctx).tenantId, {
        q,
        after: after === undefined ? undefined : decodeCursor(after, contactCursorSchema),
        limit,
      });
      setNextLink(ctx, '/api/contacts', { limit: String(limit), q }, page.next);
      ctx.type = 'application/json';
      ctx.body = page.body;
    },
  );

  router.post(
    '/',
    routeDoc({
      summary: 'Add a contact',
      access: 'signed-in',
      body: createContactRequestSchema,
      responses: { 201: { description: 'The contact', schema: contactSchema } },
      errors: { 409: 'Another contact already has this phone number' },
    }),
    requireAuth(),
    async (ctx) => {
      const input = createContactRequestSchema.parse(ctx.request.body ?? {});
      ctx.status = 201;
      ctx.body = toContactDto(await createContact(ctx.state.em, authOf(ctx).tenantId, input, region));
    },
  );

  router.get(
    '/:id',
    routeDoc({
      summary: 'One contact',
      access: 'signed-in',
      params: { id: z.uuid() },
      responses: { 200: { description: 'The contact', schema: contactSchema } },
    }),
    requireAuth(),
    async (ctx) => {
      ctx.body = toContactDto(await getContact(ctx.state.em, uuidParam(ctx.params.id, CONTACT_NOT_FOUND)));
    },
  );

  router.patch(
    '/:id',
    routeDoc({
      summary: 'Change a contact',
      access: 'signed-in',
      params: { id: z.uuid() },
      body: updateContactRequestSchema,
      responses: { 200: { description: 'The contact', schema: contactSchema } },
      errors: { 409: 'Another contact already has this phone number' },
    }),
    requireAuth(),
    async (ctx) => {
      const id = uuidParam(ctx.params.id, CONTACT_NOT_FOUND);
      const input = updateContactRequestSchema.parse(ctx.request.body ?? {});
      ctx.body = toContactDto(await updateContact(ctx.state.em, id, input, region));
    },
  );

  router.delete(
    '/:id',
    routeDoc({
      summary: 'Delete a contact',
      access: 'signed-in',
      params: { id: z.uuid() },
      responses: { 204: { description: 'Deleted' } },
    }),
    requireAuth(),
    async (ctx) => {
      await deleteContact(ctx.state.em, uuidParam(ctx.params.id, CONTACT_NOT_FOUND));
      ctx.status = 204;
    },
  );

  return router;
}
