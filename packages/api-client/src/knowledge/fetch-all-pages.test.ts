import { listFacts, listNotes } from '@annie/contracts/knowledge-routes';
import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { FACTS } from '@annie/test-fixtures/knowledge-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchAllPages, KNOWLEDGE_PAGE_SIZE } from './fetch-all-pages.ts';

const [FACT] = FACTS;
if (!FACT) throw new Error('FACTS holds a fact');
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = FACT.createdAt;
const note = (id: string) => ({
  id,
  title: 'T',
  body: 'B',
  tags: [],
  source: 'other',
  shareable: false,
  createdAt: at,
  updatedAt: at,
});
const rows = (from: number, count: number) => Array.from({ length: count }, (_, i) => note(uuid(from + i)));
const factRows = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ ...FACT, id: uuid(from + i) }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchAllPages', () => {
  it('reads page after page until a short page, and returns one array', async () => {
    const api = stubFetch({
      'GET /api/knowledge/notes': ({ query }) => {
        const offset = Number(query.get('offset'));
        return { status: 200, body: offset === 0 ? rows(0, KNOWLEDGE_PAGE_SIZE) : rows(offset, 3) };
      },
    });
    const all = await fetchAllPages(listNotes);
    expect(all).toHaveLength(KNOWLEDGE_PAGE_SIZE + 3);
    expect(api.fetchMock.mock.calls.map(([url]) => url)).toEqual([
      `/api/knowledge/notes?limit=${KNOWLEDGE_PAGE_SIZE}&offset=0`,
      `/api/knowledge/notes?limit=${KNOWLEDGE_PAGE_SIZE}&offset=${KNOWLEDGE_PAGE_SIZE}`,
    ]);
  });

  it('keeps a row once when an insert pushed it onto the next page', async () => {
    stubFetch({
      'GET /api/knowledge/facts': ({ query }) => ({
        status: 200,
        body:
          query.get('offset') === '0'
            ? factRows(0, KNOWLEDGE_PAGE_SIZE)
            : factRows(KNOWLEDGE_PAGE_SIZE - 1, 2),
      }),
    });
    const all = await fetchAllPages(listFacts);
    expect(all.map((row) => row.id)).toEqual(factRows(0, KNOWLEDGE_PAGE_SIZE + 1).map((row) => row.id));
  });

  it('rejects rows that do not match the contract', async () => {
    stubFetch({ 'GET /api/knowledge/facts': { status: 200, body: [{ nope: 1 }] } });
    await expect(fetchAllPages(listFacts)).rejects.toThrow();
  });
});
