import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestResponse } from '../../../test/test-client.ts';

// GET /api/contacts a page at a time: favourites, then letters, then the rest ("#"), by name; the search.
const app = await startTestApp();
const client = await app.signedIn(await app.createUser());
type Entry = { contact: { name: string } };

function nextLink(response: TestResponse): string | undefined {
  return response.headers.get('link')?.match(/^<([^>]+)>; rel="next"$/)?.[1];
}

async function allNames(first: string): Promise<string[][]> {
  const pages: string[][] = [];
  for (let url: string | undefined = first; url; ) {
    const response = await client.get(url);
    expect(response.status).toBe(200);
    pages.push((response.body as Entry[]).map((entry) => entry.contact.name));
    url = nextLink(response);
  }
  return pages;
}

const people = [
  { name: 'zoe', isFavorite: true },
  { name: 'Bob Jones', email: 'bob@work.example' },
  { name: '42 Club' },
  { name: 'alice' },
  { name: 'Ann', nickname: 'Nana', phonePrimary: '+14155550123' },
  { name: 'Carl' },
  { name: 'Mum', isFavorite: true, relationship: 'family' },
];
for (const person of people) expect((await client.post('/api/contacts', person)).status).toBe(201);
const ORDER = ['Mum', 'zoe', 'alice', 'Ann', 'Bob Jones', 'Carl', '42 Club'];

describe('GET /api/contacts, paged', () => {
  it('orders favourites, then names by letter, then the rest, the same across pages of 2', async () => {
    expect((await allNames('/api/contacts')).flat()).toEqual(ORDER);
    const pages = await allNames('/api/contacts?limit=2');
    expect(pages.map((page) => page.length)).toEqual([2, 2, 2, 1]);
    expect(pages.flat()).toEqual(ORDER);
  });

  it('searches name, nickname and email, and the number by its digits', async () => {
    expect((await allNames('/api/contacts?q=NANA')).flat()).toEqual(['Ann']);
    expect((await allNames('/api/contacts?q=work.example')).flat()).toEqual(['Bob Jones']);
    expect((await allNames(`/api/contacts?q=${encodeURIComponent('(415) 555-01')}`)).flat()).toEqual(['Ann']);
    expect((await allNames('/api/contacts?q=an&limit=1')).flat()).toEqual(['Ann']);
  });

  it('refuses a cursor it did not make and a bad limit, naming the field', async () => {
    for (const [query, field] of [
      ['after=WzAsMCwiYSJd', 'after'],
      ['limit=201', 'Limit'],
    ] as const) {
      const response = await client.get(`/api/contacts?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.message, query).toContain(field);
    }
  });

  it("never pages into another tenant's contacts", async () => {
    const bob = await app.signedIn(await app.createUser({ tenantId: 'tenant-contacts-paged' }));
    const next = nextLink(await client.get('/api/contacts?limit=2'));
    expect(next).toBeDefined();
    expect((await bob.get(next as string)).body).toEqual([]);
    expect((await bob.get('/api/contacts?q=Mum')).body).toEqual([]);
  });
});
