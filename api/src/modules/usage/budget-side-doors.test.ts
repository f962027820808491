import { startOpenAiTextFake } from '@annie/fakes/openai-text-fake';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestClient } from '../../../test/test-client.ts';
import { BUDGET_STOP_MESSAGE } from './budget.ts';
import { WEB_SEARCH_CALL_USD } from './token-usage.ts';

// Every path that spends on OpenAI outside a call's figures (a typed call's replies, web searches) is
// in the ledger and honours the hard stop; OpenAI is the loopback fake, reached through the SDK.
const openai = await startOpenAiTextFake();
afterAll(() => openai.close());
const app = await startTestApp({
  OPENAI_API_KEY: openai.apiKey,
  OPENAI_BASE_URL: openai.url,
  WEB_SEARCH_MAX_PER_HOUR: '3',
});
const TENANT = 'tenant-side-doors';
let admin: TestClient;
let adminId: string;

const hardStop = (monthlyBudget: number) => ({
  currency: 'USD',
  usdRate: 1,
  monthlyBudget,
  hardStop: true,
  prices: {},
});

async function ledger() {
  const { rows } = await app.pool.query<{ kind: string; user_id: string; tokens: string; cost_usd: string }>(
    'select kind, user_id, tokens, cost_usd from usage_entry where tenant_id = $1 order by at',
    [TENANT],
  );
  return rows.map((row) => ({ ...row, tokens: Number(row.tokens), cost_usd: Number(row.cost_usd) }));
}

beforeAll(async () => {
  const user = await app.createUser({ tenantId: TENANT, isAdmin: true });
  adminId = user.user.id;
  admin = await app.signedIn(user);
});

describe('a typed call and a web search against the budget', () => {
  it('below the hard stop both are answered and recorded; over it both answer 402 without calling OpenAI', async () => {
    expect((await admin.put('/api/usage/settings', hardStop(100))).status).toBe(200);
    const { id: callId } = (await admin.post('/api/calls/start')).body;
    expect((await admin.post('/api/voice/assist', { callId, message: 'What is on today?' })).status).toBe(
      200,
    );
    expect((await admin.post('/api/voice/web-search', { query: 'weather in Austin' })).status).toBe(200);

    const recorded = await ledger();
    expect(recorded.map((row) => row.kind)).toEqual(['reply', 'search']);
    for (const row of recorded) {
      expect(row.user_id).toBe(adminId);
      expect(row.tokens).toBeGreaterThan(0);
    }
    expect(recorded[1]?.cost_usd).toBeGreaterThanOrEqual(WEB_SEARCH_CALL_USD);

    // What was just spent is now over the budget.
    const spent = recorded.reduce((sum, row) => sum + row.cost_usd, 0);
    expect((await admin.put('/api/usage/settings', hardStop(spent / 2))).status).toBe(200);
    const before = openai.requests.length;
    const reply = await admin.post('/api/voice/assist', { callId, message: 'And tomorrow?' });
    expect(reply.status).toBe(402);
    expect(reply.body.message).toBe(BUDGET_STOP_MESSAGE);
    const search = await admin.post('/api/voice/web-search', { query: 'news' });
    expect(search.status).toBe(402);
    expect(search.body.message).toBe(BUDGET_STOP_MESSAGE);
    expect(openai.requests.length).toBe(before);
    expect(await ledger()).toHaveLength(2);
  });
});

describe('web search per user', () => {
  it('is limited per hour (429 with Retry-After), and one user running out leaves a colleague searching', async () => {
    const tenant = 'tenant-search-limit';
    const first = await app.signedIn(await app.createUser({ tenantId: tenant }));
    const colleague = await app.signedIn(await app.createUser({ tenantId: tenant }));
    const statuses: number[] = [];
    for (let search = 0; search < 4; search += 1)
      statuses.push((await first.post('/api/voice/web-search', { query: `q${search}` })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await first.post('/api/voice/web-search', { query: 'again' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await colleague.post('/api/voice/web-search', { query: 'mine' })).status).toBe(200);
  });
});
