// The address book: list (a page at a time, with each contact's SMS thread summary), add, view, edit, delete.
import { z } from 'zod';
import {
  contactListQuerySchema,
  contactListSchema,
  contactSchema,
  createContactRequestSchema,
  updateContactRequestSchema,
} from './contacts.ts';
import { route } from './route.ts';

const CONTACT_NOT_FOUND = 'Contact not found';
const DUPLICATE_PHONE = 'Another contact already has this phone number';

export const listContacts = route({
  method: 'get',
  path: '/api/contacts',
  summary:
    "A page of the tenant's contacts (favourites first, then by name), each with its SMS thread " +
    'summary; a Link header (rel="next") gives the next page while more remain',
  access: 'signed-in',
  query: contactListQuerySchema,
  responses: { 200: { description: 'The contacts', schema: contactListSchema } },
});

export const createContact = route({
  method: 'post',
  path: '/api/contacts',
  summary: 'Add a contact',
  access: 'signed-in',
  body: createContactRequestSchema,
  responses: { 201: { description: 'The contact', schema: contactSchema } },
  errors: { 409: DUPLICATE_PHONE },
});

export const getContact = route({
  method: 'get',
  path: '/api/contacts/:id',
  summary: 'One contact',
  access: 'signed-in',
  params: { id: z.uuid() },
  notFound: CONTACT_NOT_FOUND,
  responses: { 200: { description: 'The contact', schema: contactSchema } },
});

export const updateContact = route({
  method: 'patch',
  path: '/api/contacts/:id',
  summary: 'Change a contact',
  access: 'signed-in',
  params: { id: z.uuid() },
  notFound: CONTACT_NOT_FOUND,
  body: updateContactRequestSchema,
  responses: { 200: { description: 'The contact', schema: contactSchema } },
  errors: { 409: DUPLICATE_PHONE },
});

export const deleteContact = route({
  method: 'delete',
  path: '/api/contacts/:id',
  summary: 'Delete a contact',
  access: 'signed-in',
  params: { id: z.uuid() },
  notFound: CONTACT_NOT_FOUND,
  responses: { 204: { description: 'Deleted' } },
});
