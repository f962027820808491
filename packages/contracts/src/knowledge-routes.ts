// The knowledge base's routes: notes, facts (versioned, approved by an admin) and the search behind the
// search_knowledge_base voice tool.
import { z } from 'zod';
import {
  createFactRequestSchema,
  createNoteRequestSchema,
  factSchema,
  factVersionSchema,
  knowledgeListQuerySchema,
  knowledgeSearchQuerySchema,
  knowledgeSearchResponseSchema,
  noteSchema,
  updateFactRequestSchema,
  updateNoteRequestSchema,
} from './knowledge.ts';
import { route } from './route.ts';

const NOTE_NOT_FOUND = 'Note not found';
const FACT_NOT_FOUND = 'Fact not found';

export const listNotes = route({
  method: 'get',
  path: '/api/knowledge/notes',
  summary: "List the tenant's notes, newest first, or one page of them",
  access: 'signed-in',
  query: knowledgeListQuerySchema,
  responses: { 200: { description: 'The notes', schema: z.array(noteSchema) } },
});

export const createNote = route({
  method: 'post',
  path: '/api/knowledge/notes',
  summary: 'Add a note',
  access: 'signed-in',
  body: createNoteRequestSchema,
  responses: { 201: { description: 'The note', schema: noteSchema } },
});

export const updateNote = route({
  method: 'patch',
  path: '/api/knowledge/notes/:id',
  summary: "Change a note's title, body, tags or source",
  access: 'signed-in',
  params: { id: z.uuid() },
  notFound: NOTE_NOT_FOUND,
  body: updateNoteRequestSchema,
  responses: { 200: { description: 'The note', schema: noteSchema } },
});

export const deleteNote = route({
  method: 'delete',
  path: '/api/knowledge/notes/:id',
  summary: 'Delete a note',
  access: 'signed-in',
  params: { id: z.uuid() },
  notFound: NOTE_NOT_FOUND,
  responses: { 204: { description: 'Deleted' } },
});

export const listFacts = route({
  method: 'get',
  path: '/api/knowledge/facts',
  summary: "List the tenant's facts (latest version of each), or one page of them",
  access: 'signed-in',
  query: knowledgeListQuerySchema,
  responses: { 200: { description: 'The facts, by key', schema: z.array(factSchema) } },
});

export const createFact = route({
  method: 'post',
  path: '/api/knowledge/facts',
  summary: 'Add a fact, or a new version of the fact with the same key',
  access: 'signed-in',
  body: createFactRequestSchema,
  responses: {
    200: { description: 'A new version of an existing fact', schema: factSchema },
    201: { description: 'A new fact', schema: factSchema },
  },
});

export const listFactVersions = route({
  method: 'get',
  path: '/api/knowledge/facts/:key/versions',
  summary: 'Every version of a fact, newest first',
  access: 'signed-in',
  params: { key: z.string() },
  notFound: FACT_NOT_FOUND,
  responses: { 200: { description: 'The versions', schema: z.array(factVersionSchema) } },
  errors: { 404: FACT_NOT_FOUND },
});

export const updateFact = route({
  method: 'patch',
  path: '/api/knowledge/facts/:id',
  summary: "Change a fact's value, unit or source (a new version, not yet approved)",
  access: 'signed-in',
  params: { id: z.uuid() },
  notFound: FACT_NOT_FOUND,
  body: updateFactRequestSchema,
  responses: { 200: { description: 'The new version', schema: factSchema } },
});

export const approveFact = route({
  method: 'post',
  path: '/api/knowledge/facts/:id/approve',
  summary: "Approve a fact's latest version",
  access: 'admin',
  params: { id: z.uuid() },
  notFound: FACT_NOT_FOUND,
  responses: { 200: { description: 'The approved fact', schema: factSchema } },
});

export const deleteFact = route({
  method: 'delete',
  path: '/api/knowledge/facts/:id',
  summary: 'Delete a fact and its versions',
  access: 'signed-in',
  params: { id: z.uuid() },
  notFound: FACT_NOT_FOUND,
  responses: { 204: { description: 'Deleted' } },
});

export const searchKnowledge = route({
  method: 'get',
  path: '/api/knowledge/search',
  summary: "Full-text search of the tenant's facts and notes (the search_knowledge_base voice tool)",
  access: 'signed-in',
  query: knowledgeSearchQuerySchema,
  responses: { 200: { description: 'The best matches first', schema: knowledgeSearchResponseSchema } },
});
