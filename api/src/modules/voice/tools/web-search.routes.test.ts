import { webSearchResponseSchema } from '@annie/contracts/voice-tools';
import { fakeWebSource, type OpenAiTextFake, startOpenAiTextFake } from '@annie/fakes/openai-text-fake';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../../test/test-app.ts';
import type { TestClient } from '../../../../test/test-client.ts';

const openai: OpenAiTextFake = await startOpenAiTextFake();
afterAll(() => openai.close());
const app = await startTestApp({ OPENAI_API_KEY: openai.apiKey, OPENAI_TEXT_BASE_URL: openai.url });
const unconfigured = await startTestApp();
let client: TestClient;

beforeAll(async () => {
  client = await app.signedIn(await app.createUser());
});

describe('POST /api/voice/web-search', () => {
  it("asks OpenAI's Responses API with the web_search tool and answers the text with its cited pages", async () => {
    openai.setReply(() => 'Austin is sunny today, with a high of 24 degrees.');
    const response = await client.post('/api/voice/web-search', { query: 'weather in Austin' });
    expect(response.status).toBe(200);
    expect(webSearchResponseSchema.parse(response.body)).toEqual({
      answer: 'Austin is sunny today, with a high of 24 degrees.',
      // Cited twice by the fake, listed once.
      sources: [fakeWebSource('weather in Austin')],
    });
    expect(openai.requests.at(-1)).toMatchObject({
      endpoint: 'responses',
      body: {
        model: app.config.OPENAI_TEXT_MODEL,
        input: 'weather in Austin',
        tools: [{ type: 'web_search' }],
      },
    });
  });

  it('refuses a blank query before calling OpenAI', async () => {
    const before = openai.requests.length;
    const response = await client.post('/api/voice/web-search', { query: '  ' });
    expect(response.status).toBe(400);
    expect(openai.requests.length).toBe(before);
  });

  it('answers 502 with the reason when OpenAI fails', async () => {
    openai.failNext({ status: 400, message: 'Web search is not supported for this model', times: 1 });
    const response = await client.post('/api/voice/web-search', { query: 'news' });
    expect(response.status).toBe(502);
    expect(response.body).toMatchObject({ code: 'provider_error' });
    expect(response.body.message).toContain('Web search is not supported for this model');
  });

  it('needs a signed-in user', async () => {
    expect((await app.client().post('/api/voice/web-search', { query: 'news' })).status).toBe(401);
  });

  it('answers 503 naming OPENAI_API_KEY when no key is configured', async () => {
    const other = await unconfigured.signedIn(await unconfigured.createUser());
    const response = await other.post('/api/voice/web-search', { query: 'news' });
    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      message: 'Web search is not configured: set OPENAI_API_KEY',
      code: 'not_configured',
    });
  });
});
