import { smsSearchResultSchema } from '@annie/contracts/inbox';
import { describe, expect, it } from 'vitest';
import { startSmsHarness } from './testing/sms-test-harness.ts';

// GET /api/sms/search: words inside the texts' bodies (not names or numbers), newest first, each hit
// with its thread, its contact's name when known, and a snippet around the first match.
const sms = await startSmsHarness({ drafts: false });
const MUM = '+14155553101';
const STRANGER = '+14155553102';
const LONG = `${'Lots of news first. '.repeat(5)}Dad is doing the Roast on Sunday, ${'and then more. '.repeat(10)}`;

await sms.inbound({ from: MUM, body: 'Lovely, speak later x' });
await sms.inbound({ from: MUM, body: LONG });
await sms.inbound({ from: STRANGER, body: 'roast 50% off at the deli' });
await sms.client.post('/api/contacts', { name: 'Margaret Hart', nickname: 'Mum', phonePrimary: MUM });

const search = async (q: string) => {
  const response = await sms.client.get(`/api/sms/search?q=${encodeURIComponent(q)}`);
  expect(response.status).toBe(200);
  return smsSearchResultSchema.parse(response.body).items;
};

describe('GET /api/sms/search', () => {
  it('finds a word inside the bodies, any case, newest first, named by contact or number', async () => {
    const hits = await search('ROAST');
    expect(hits.map((hit) => [hit.phoneE164, hit.displayName, hit.contactKnown])).toEqual([
      [STRANGER, STRANGER, false],
      [MUM, 'Mum', true],
    ]);
    expect(hits[1]?.direction).toBe('inbound');
  });

  it('cuts a long body to a snippet around the match, with … where it was cut', async () => {
    const [hit] = (await search('roast on sunday')).filter((found) => found.phoneE164 === MUM);
    expect(hit?.snippet).toMatch(/^….*Dad is doing the Roast on Sunday, .*…$/);
    expect(hit?.snippet.length).toBeLessThanOrEqual(122);
    expect((await search('speak later'))[0]?.snippet).toBe('Lovely, speak later x');
  });

  it("takes LIKE's wildcards literally and does not search names or numbers", async () => {
    expect((await search('50%')).map((hit) => hit.phoneE164)).toEqual([STRANGER]);
    expect(await search('_')).toEqual([]);
    expect(await search('Margaret')).toEqual([]);
    expect(await search('3101')).toEqual([]);
  });

  it('answers 400 with a message for a missing or blank search', async () => {
    for (const path of ['/api/sms/search', '/api/sms/search?q=%20%20']) {
      const response = await sms.client.get(path);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/q is required/);
    }
    expect((await sms.client.get(`/api/sms/search?q=${'x'.repeat(101)}`)).status).toBe(400);
  });
});
