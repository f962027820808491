import { knowledgeSearchResponseSchema } from '@annie/contracts/knowledge';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestClient } from '../../../test/test-client.ts';

const app = await startTestApp();
let client: TestClient;

async function search(query: string) {
  const response = await client.get(`/api/knowledge/search?${query}`);
  expect(response.status).toBe(200);
  return knowledgeSearchResponseSchema.parse(response.body).results;
}

beforeAll(async () => {
  client = await app.signedIn(await app.createUser({ tenantId: 'search' }));
  const facts = [
    { key: 'company_revenue', value: { fy2024: 12_500_000 }, unit: 'USD', source: 'auwagenics' },
    { key: 'ceoName', value: 'Margaret Holloway', source: 'natural_house' },
    { key: 'office_address', value: '12 Kingsway, London', source: 'other' },
    { key: 'wine_preference', value: ['Burgundy', 'Rioja'] },
  ];
  for (const fact of facts) await client.post('/api/knowledge/facts', fact);
  const notes = [
    {
      title: 'Revenue forecast',
      body: 'The revenue forecast for next year assumes modest growth in the London office.',
      tags: ['finance'],
      source: 'auwagenics',
    },
    {
      title: 'Travel',
      body: 'Prefers aisle seats. Revenue is not discussed on flights.',
      tags: ['travel', 'preferences'],
    },
    { title: 'Dinner plans', body: 'Book the usual table for Friday.', tags: ['wine', 'restaurants'] },
    {
      title: 'Supplier note',
      body: 'Natural House ships organic extracts monthly.',
      source: 'natural_house',
    },
  ];
  for (const note of notes) await client.post('/api/knowledge/notes', note);
});

describe('GET /api/knowledge/search', () => {
  it('returns compact results, 5 by default, in the documented shape', async () => {
    const results = await search('q=revenue');
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThanOrEqual(5);
    const fact = results.find((result) => result.type === 'fact');
    expect(fact && Object.keys(fact).sort()).toEqual(['id', 'key', 'score', 'snippet', 'source', 'type']);
    const note = results.find((result) => result.type === 'note');
    expect(note && Object.keys(note).sort()).toEqual(['id', 'score', 'snippet', 'source', 'title', 'type']);
  });

  it('ranks a title or key match above a body-only match', async () => {
    const results = await search('q=revenue&limit=10');
    const order = results.map((result) => (result.type === 'fact' ? result.key : result.title));
    expect(order.indexOf('Revenue forecast')).toBeLessThan(order.indexOf('Travel'));
    expect(order.indexOf('company_revenue')).toBeLessThan(order.indexOf('Travel'));
  });

  it('ranks hits matching every word above hits matching only some', async () => {
    const results = await search('q=revenue%20london&limit=10');
    const [first] = results;
    expect(first?.type === 'note' && first.title).toBe('Revenue forecast');
    expect(first?.score).toBeGreaterThan(1);
    expect(results.slice(1).every((result) => result.score < 1)).toBe(true);
  });

  it('matches word prefixes and stems, in keys split on underscores and camelCase', async () => {
    expect((await search('q=revenu')).some((r) => r.type === 'fact' && r.key === 'company_revenue')).toBe(
      true,
    );
    expect((await search('q=holloway')).map((r) => r.type === 'fact' && r.key)).toContain('ceoName');
    expect((await search('q=name')).map((r) => r.type === 'fact' && r.key)).toContain('ceoName');
    expect((await search('q=forecasts')).map((r) => r.type === 'note' && r.title)).toContain(
      'Revenue forecast',
    );
    expect((await search('q=burgun')).map((r) => r.type === 'fact' && r.key)).toContain('wine_preference');
  });

  it('searches note tags', async () => {
    const results = await search('q=restaurants');
    expect(results.map((r) => r.type === 'note' && r.title)).toEqual(['Dinner plans']);
  });

  it('filters by sources, comma-separated or repeated', async () => {
    const single = await search('q=revenue&sources=auwagenics&limit=10');
    expect(single.length).toBe(2);
    expect(single.every((result) => result.source === 'auwagenics')).toBe(true);
    const several = await search('q=natural%20house%20holloway&sources=natural_house,other&limit=10');
    expect(several.every((result) => result.source !== 'auwagenics')).toBe(true);
    const repeated = await search('q=revenue&sources=auwagenics&sources=other&limit=10');
    expect(repeated.map((result) => result.source).sort()).toEqual(['auwagenics', 'auwagenics', 'other']);
  });

  it('matches one- and two-letter queries by substring in keys, titles and tags only', async () => {
    const short = await search('q=pr&limit=10');
    expect(short.map((r) => [r.type === 'fact' ? r.key : r.title, r.score])).toEqual([
      ['wine_preference', 1],
      ['Travel', 0.75], // tag "preferences"
    ]);
    expect(await search('q=ri')).toEqual([]); // only in a body ("Friday") and a value ("Rioja")
    const title = await search('q=tr');
    expect(title[0]).toMatchObject({ type: 'note', title: 'Travel', score: 1 });
  });

  it('falls back to substring over everything when full text finds no word', async () => {
    const infix = await search('q=venue');
    expect(infix.map((r) => (r.type === 'fact' ? r.key : r.title))).toContain('company_revenue');
    const inBody = await search('q=iday');
    expect(inBody.map((r) => r.type === 'note' && r.title)).toEqual(['Dinner plans']);
    expect(inBody[0]?.snippet).toBe('Book the usual table for Friday.');
  });

  it('treats LIKE wildcards and tsquery syntax in the query as plain text', async () => {
    expect(await search('q=%25')).toEqual([]);
    expect(await search(`q=${encodeURIComponent("revenue & ! ( :* '")}`)).not.toHaveLength(0);
  });

  it('honours limit and builds a readable snippet', async () => {
    const one = await search('q=revenue&limit=1');
    expect(one).toHaveLength(1);
    const [fact] = await search('q=holloway');
    expect(fact?.snippet).toBe('"Margaret Holloway"');
    const [withUnit] = await search('q=company_revenue');
    expect(withUnit?.snippet).toBe('{"fy2024":12500000} USD');
  });

  it('validates q, sources and limit by name', async () => {
    const missing = await client.get('/api/knowledge/search');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Query is required');
    const badSource = await client.get('/api/knowledge/search?q=x&sources=web');
    expect(badSource.body.message).toMatch(/Source must be one of/);
    const badLimit = await client.get('/api/knowledge/search?q=x&limit=500');
    expect(badLimit.body.message).toBe('Limit must be at most 50');
  });
});
