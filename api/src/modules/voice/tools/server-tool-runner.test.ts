import { knowledgeSearchResultSchema } from '@annie/contracts/knowledge';
import { END_CALL_OUTPUT } from '@annie/contracts/voice-tools';
import { startAgtFake } from '@annie/fakes/agt-fake';
import { startGoogleFake } from '@annie/fakes/google-fake';
import { fakeWebSource, startOpenAiTextFake } from '@annie/fakes/openai-text-fake';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp } from '../../../../test/test-app.ts';
import type { TestClient } from '../../../../test/test-client.ts';
import { BUDGET_STOP_MESSAGE, WEB_SEARCH_CALL_USD } from '../../usage/index.ts';
import { writeUsageSettings } from '../../usage/usage-settings.queries.ts';
import { callbackPath, googleFakeEnv } from '../../workspace/testing/workspace-test-app.ts';
import {
  createServerToolRunner,
  OUTBOUND_CALL_REFUSED_IN_PHONE_CALL,
  SESSION_UPDATE_IGNORED_IN_PHONE_CALL,
} from './server-tool-runner.ts';

const agt = await startAgtFake({ apiKey: 'runner-key' });
const openai = await startOpenAiTextFake();
const google = await startGoogleFake();
afterAll(() => Promise.all([agt.close(), openai.close(), google.close()]));
// Chemistry, Google and web search configured; Twilio not, so its refusal shows.
const app = await startTestApp({
  ...googleFakeEnv(google),
  AGT_BASE_URL: agt.url,
  AGT_API_KEY: 'runner-key',
  OPENAI_API_KEY: openai.apiKey,
  OPENAI_TEXT_BASE_URL: openai.url,
});

const A = 'tenant-runner-a';
const B = 'tenant-runner-b';
let alice: TestClient;
let bob: TestClient;
let aliceId: string;
let bobId: string;

beforeAll(async () => {
  const aliceUser = await app.createUser({ tenantId: A });
  const bobUser = await app.createUser({ tenantId: B });
  aliceId = aliceUser.user.id;
  bobId = bobUser.user.id;
  alice = await app.signedIn(aliceUser);
  bob = await app.signedIn(bobUser);
  await alice.post('/api/knowledge/facts', { key: 'quarterly_budget', value: 'Alpha budget is 900k' });
  await alice.post('/api/knowledge/notes', { title: 'Budget review', body: 'Alpha budget talks are secret' });
  await bob.post('/api/knowledge/facts', { key: 'quarterly_budget', value: 'Bravo budget is 120k' });
  // Bob connects his Google account; Alice does not.
  const { body } = await bob.get('/api/google/auth');
  const callback = await bob.get(callbackPath(await google.consent(body.authUrl)));
  expect(callback.headers.get('location')).toBe('/google/success');
});

const runnerFor = (tenantId: string, userId: string, onEndCall = vi.fn()) =>
  createServerToolRunner(
    { config: app.config, orm: app.orm, pool: app.pool },
    { tenantId, userId, onEndCall },
  );

describe('server tool runner: knowledge', () => {
  it("answers search_knowledge_base from the session tenant's data only", async () => {
    const output = (await runnerFor(B, bobId)('search_knowledge_base', { query: 'budget' })) as {
      results: unknown[];
    };
    const results = output.results.map((hit) => knowledgeSearchResultSchema.parse(hit));
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ type: 'fact', key: 'quarterly_budget' });
    expect(results[0]?.snippet).toContain('Bravo');
    expect(JSON.stringify(output)).not.toContain('Alpha');

    const forAlice = (await runnerFor(A, aliceId)('search_knowledge_base', { query: 'budget' })) as {
      results: { snippet: string }[];
    };
    expect(forAlice.results).toHaveLength(2);
    expect(JSON.stringify(forAlice)).not.toContain('Bravo');
  });

  it('honours the sources filter', async () => {
    const run = runnerFor(A, aliceId);
    // Both entries were stored without a source, so they are `other`.
    expect(await run('search_knowledge_base', { query: 'budget', sources: ['auwagenics'] })).toEqual({
      results: [],
    });
    const other = (await run('search_knowledge_base', { query: 'budget', sources: ['other'] })) as {
      results: unknown[];
    };
    expect(other.results).toHaveLength(2);
  });

  it("add_knowledge_note stores the note in the session tenant, where the tenant's user sees it", async () => {
    const output = await runnerFor(B, bobId)('add_knowledge_note', {
      title: 'Caller preference',
      body: 'Sam prefers calls before noon',
    });
    expect(output).toMatchObject({ success: true, title: 'Caller preference' });
    const bobNotes = (await bob.get('/api/knowledge/notes')).body as { title: string; tags: string[] }[];
    expect(bobNotes).toEqual([expect.objectContaining({ title: 'Caller preference', tags: [] })]);
    const aliceNotes = (await alice.get('/api/knowledge/notes')).body as { title: string }[];
    expect(aliceNotes.map((note) => note.title)).toEqual(['Budget review']);
  });

  it('add_knowledge_note cannot mark a note shareable: the executive decides that in the app', async () => {
    const refused = await runnerFor(B, bobId)('add_knowledge_note', {
      title: 'Door code',
      body: 'The door code is 4711',
      shareable: true,
    });
    expect(refused).toMatchObject({
      error: expect.stringMatching(/^Invalid parameters for add_knowledge_note/),
    });
    const saved = await runnerFor(B, bobId)('add_knowledge_note', { title: 'Parking', body: 'Level 2' });
    expect(saved).toMatchObject({ success: true });
    const bobNotes = (await bob.get('/api/knowledge/notes')).body as { title: string; shareable: boolean }[];
    expect(bobNotes.find((note) => note.title === 'Door code')).toBeUndefined();
    expect(bobNotes.find((note) => note.title === 'Parking')?.shareable).toBe(false);
  });
});

describe('server tool runner: refusals as data', () => {
  it('an unknown tool', async () => {
    expect(await runnerFor(B, bobId)('launch_rockets', {})).toEqual({ error: 'Unknown tool launch_rockets' });
  });

  it('bad arguments name the field', async () => {
    expect(await runnerFor(B, bobId)('search_knowledge_base', { query: 7 })).toEqual({
      error: 'Invalid parameters for search_knowledge_base: query: query must be text',
    });
    expect(await runnerFor(B, bobId)('search_knowledge_base', {})).toMatchObject({
      error: expect.stringContaining('query'),
    });
  });

  it('make_outbound_call is refused inside a phone call, saying so', async () => {
    expect(await runnerFor(B, bobId)('make_outbound_call', { to: '+15551234567', message: 'Hi' })).toEqual({
      error: OUTBOUND_CALL_REFUSED_IN_PHONE_CALL,
    });
  });

  it('session_update is ignored with a note; end_call asks the call to end', async () => {
    expect(await runnerFor(B, bobId)('session_update', { instructions: 'Speak French' })).toEqual({
      success: false,
      ignored: true,
      note: SESSION_UPDATE_IGNORED_IN_PHONE_CALL,
    });
    const onEndCall = vi.fn();
    expect(await runnerFor(B, bobId, onEndCall)('end_call', { reason: 'done' })).toEqual({
      success: true,
      message: END_CALL_OUTPUT,
    });
    expect(onEndCall).toHaveBeenCalledWith({ reason: 'done' });
  });

  it('SMS without Twilio names what to set; a number that is not one is refused', async () => {
    const output = (await runnerFor(B, bobId)('send_sms', { to: '+1 415 555 0100', message: 'Hi' })) as {
      error: string;
    };
    expect(output.error).toMatch(/^SMS sending is not configured: set TWILIO_/);
    expect(await runnerFor(B, bobId)('send_sms', { to: '123', message: 'Hi' })).toEqual({
      error: 'Not a valid phone number: 123',
    });
  });

  it('a workspace tool for a user who has not connected Google answers requiresAuth', async () => {
    expect(await runnerFor(A, aliceId)('google_drive_list', {})).toMatchObject({
      error: expect.stringContaining('not connected'),
      requiresAuth: true,
    });
  });
});

describe('server tool runner: providers', () => {
  it("a workspace tool runs on the session user's own Google connection", async () => {
    const output = (await runnerFor(B, bobId)('google_drive_list', { file_type: 'spreadsheet' })) as unknown;
    expect(output).not.toHaveProperty('error');
    expect(JSON.stringify(output)).toContain('spreadsheet');
  });

  it('an agt_ tool calls its mapped provider path with the validated body', async () => {
    const output = await runnerFor(B, bobId)('agt_calculate_green_score', {
      formula: 'Water 80%, Glycerin 20%',
    });
    expect(output).toMatchObject({ formula: 'Water 80%, Glycerin 20%', target_score: 80 });
    expect(agt.received.at(-1)).toMatchObject({ method: 'POST', url: '/green-score/calculate' });
  });

  it("a provider refusal comes back as the provider's message", async () => {
    expect(
      await runnerFor(B, bobId)('agt_check_compliance', { regulation: 'EU', compounds: ['FAIL'] }),
    ).toEqual({ error: expect.stringContaining('FAIL') });
  });

  it('web_search answers through the OpenAI web search tool', async () => {
    openai.setReply(() => 'The board meets on Thursday.');
    expect(await runnerFor(B, bobId)('web_search', { query: 'board meeting' })).toEqual({
      answer: 'The board meets on Thursday.',
      sources: [fakeWebSource('board meeting')],
    });
  });

  it("a call's web_search is in the ledger with the search fee, and answers the budget's stop without searching", async () => {
    const tenant = 'tenant-runner-search-bill';
    const { user } = await app.createUser({ tenantId: tenant });
    const ledger = async () =>
      (
        await app.pool.query<{ kind: string; user_id: string; cost_usd: string }>(
          'select kind, user_id, cost_usd from usage_entry where tenant_id = $1',
          [tenant],
        )
      ).rows;
    openai.setReply(() => 'Sunny in Austin.');
    expect(await runnerFor(tenant, user.id)('web_search', { query: 'weather' })).toMatchObject({
      answer: 'Sunny in Austin.',
    });
    const [row] = await ledger();
    expect(row).toMatchObject({ kind: 'search', user_id: user.id });
    expect(Number(row?.cost_usd)).toBeGreaterThanOrEqual(WEB_SEARCH_CALL_USD);

    await writeUsageSettings(app.pool, tenant, {
      currency: 'USD',
      usdRate: 1,
      monthlyBudget: Number(row?.cost_usd) / 2,
      hardStop: true,
      prices: {},
    });
    const before = openai.requests.length;
    expect(await runnerFor(tenant, user.id)('web_search', { query: 'news' })).toEqual({
      error: BUDGET_STOP_MESSAGE,
    });
    expect(openai.requests.length).toBe(before);
    expect(await ledger()).toHaveLength(1);
  });
});
