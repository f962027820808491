import type { Fact, Note } from '@annie/contracts/knowledge';
import { type StubRoutes, stubFetch } from './fetch-stub.ts';

const created = '2026-01-05T15:04:00.000Z';

/** Two facts: an unapproved one at version 2 with a unit, and an approved plain-text one (tests only). */
export const FACTS: Fact[] = [
  {
    id: '7b0e4c8e-3f51-4c3e-9d8e-2f1f5a0c9b11',
    key: 'company_revenue',
    value: { fy2024: 12500000 },
    unit: 'USD',
    version: 2,
    source: 'other',
    shareable: false,
    createdAt: created,
    approvedAt: null,
  },
  {
    id: '1c9d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
    key: 'ceo_name',
    value: 'Margaret Holloway',
    unit: null,
    version: 1,
    source: 'other',
    shareable: false,
    createdAt: created,
    approvedAt: '2026-01-06T09:30:00.000Z',
  },
];

/** One tagged note (tests only). */
export const NOTES: Note[] = [
  {
    id: '0b5a8f1e-6a34-4c6f-8f60-8e3d4b2a1c77',
    title: 'Board meeting',
    body: 'Quarterly review',
    tags: ['finance'],
    source: 'other',
    shareable: false,
    createdAt: created,
    updatedAt: created,
  },
];

type KnowledgeApi = { facts?: Fact[]; notes?: Note[]; createFactStatus?: number };

/**
 * The knowledge API's routes for component and hook tests: the fact and note lists (one page, whatever
 * the paging), creating and deleting a note, and creating a fact (201 with the first fact, or `createFactStatus` with the error body).
 */
export function knowledgeRoutes({
  facts = FACTS,
  notes = NOTES,
  createFactStatus = 201,
}: KnowledgeApi = {}): StubRoutes {
  return {
    'GET /api/knowledge/facts': { status: 200, body: facts },
    'POST /api/knowledge/facts': () =>
      createFactStatus === 201
        ? { status: 201, body: FACTS[0] }
        : { status: createFactStatus, body: { message: 'boom', code: 'internal' } },
    'GET /api/knowledge/notes': { status: 200, body: notes },
    'POST /api/knowledge/notes': { status: 201, body: NOTES[0] },
    'DELETE /api/knowledge/notes/:id': { status: 204 },
  };
}

/** Stubs fetch with the knowledge API alone (tests only). */
export function stubKnowledgeApi(options: KnowledgeApi = {}) {
  return stubFetch(knowledgeRoutes(options));
}
