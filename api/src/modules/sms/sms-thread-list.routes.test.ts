import { describe, expect, it } from 'vitest';
import type { TestResponse } from '../../../test/test-client.ts';
import { startSmsHarness } from './testing/sms-test-harness.ts';

// GET /api/sms/threads a page at a time: the list's order across pages, the Link header, the search.
const sms = await startSmsHarness({ drafts: false });
const THREADS = 12;
const phone = (n: number) => `+1415555${String(3000 + n).padStart(4, '0')}`;

type Summary = { id: string; phoneE164: string; displayName: string };

function nextLink(response: TestResponse): string | undefined {
  return response.headers.get('link')?.match(/^<([^>]+)>; rel="next"$/)?.[1];
}

/** Every page from `first` on, following the Link headers. */
async function allPages(first: string): Promise<Summary[][]> {
  const pages: Summary[][] = [];
  for (let url: string | undefined = first; url; ) {
    const response = await sms.client.get(url);
    expect(response.status).toBe(200);
    pages.push(response.body as Summary[]);
    url = nextLink(response);
  }
  return pages;
}

// Texts from THREADS numbers, oldest first; the last two are family (Mum with a nickname, and Dad).
for (let n = 0; n < THREADS; n += 1) await sms.inbound({ from: phone(n), body: `Text ${n}` });
await sms.client.post('/api/contacts', {
  name: 'Margaret Smith',
  nickname: 'Mum',
  phonePrimary: phone(0),
  relationship: 'family',
});
await sms.client.post('/api/contacts', { name: 'Dad', phonePrimary: phone(1), relationship: 'family' });
await sms.client.post('/api/contacts', { name: 'Ann 50% Off', phonePrimary: phone(2), relationship: 'work' });

describe('GET /api/sms/threads, paged', () => {
  it('gives family first, then newest, the same across pages of 5 as in one page, each thread once', async () => {
    const whole = await allPages('/api/sms/threads?limit=100');
    expect(whole).toHaveLength(1);
    const order = whole[0]?.map((thread) => thread.phoneE164);
    expect(order?.slice(0, 2)).toEqual([phone(1), phone(0)]);
    expect(order?.slice(2, 5)).toEqual([phone(11), phone(10), phone(9)]);
    const paged = await allPages('/api/sms/threads?limit=5');
    expect(paged.map((page) => page.length)).toEqual([5, 5, 2]);
    expect(paged.flat().map((thread) => thread.phoneE164)).toEqual(order);
  });

  it('answers the first 50 without parameters, with no Link when nothing follows', async () => {
    const response = await sms.client.get('/api/sms/threads');
    expect(response.body).toHaveLength(THREADS);
    expect(response.headers.get('link')).toBeNull();
  });

  it('searches names, nicknames and numbers by their digits, page by page, keeping the search in Link', async () => {
    const byNickname = await allPages('/api/sms/threads?q=mum');
    expect(byNickname.flat().map((thread) => thread.displayName)).toEqual(['Mum']);
    const byName = await allPages('/api/sms/threads?q=MARGARET');
    expect(byName.flat().map((thread) => thread.phoneE164)).toEqual([phone(0)]);
    const byDigits = await allPages(`/api/sms/threads?q=${encodeURIComponent('(415) 555-30')}&limit=4`);
    expect(byDigits.map((page) => page.length)).toEqual([4, 4, 4]);
    const lastTwo = await allPages(`/api/sms/threads?q=${encodeURIComponent('555 301')}`);
    expect(lastTwo.flat().map((thread) => thread.phoneE164)).toEqual([phone(11), phone(10)]);
    // "%" is searched for as itself, not as a wildcard.
    const literal = await allPages(`/api/sms/threads?q=${encodeURIComponent('50%')}`);
    expect(literal.flat().map((thread) => thread.displayName)).toEqual(['Ann 50% Off']);
    expect((await sms.client.get('/api/sms/threads?q=_')).body).toEqual([]);
  });

  it('refuses a cursor it did not make, a bad limit, and ids with a search, naming the problem', async () => {
    for (const [query, field] of [
      ['after=bm9wZQ', 'after'],
      ['after=not a cursor', 'after'],
      ['limit=0', 'Limit'],
      ['limit=101', 'Limit'],
      [`ids=${crypto.randomUUID()}&q=a`, 'ids'],
    ] as const) {
      const response = await sms.client.get(`/api/sms/threads?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.message, query).toContain(field);
    }
  });

  it("never pages into another tenant's threads", async () => {
    const bob = await sms.app.signedIn(await sms.app.createUser({ tenantId: 'tenant-paged' }));
    const first = await sms.client.get('/api/sms/threads?limit=5');
    const next = nextLink(first);
    expect(next).toBeDefined();
    expect((await bob.get(next as string)).body).toEqual([]);
    expect((await bob.get('/api/sms/threads?q=mum')).body).toEqual([]);
  });
});
