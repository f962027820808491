import { type OpenAiTextFake, startOpenAiTextFake } from '@annie/fakes/openai-text-fake';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiTextGenerator, type TextGenerator } from './openai-text.ts';

let fake: OpenAiTextFake;
let generator: TextGenerator;

beforeAll(async () => {
  fake = await startOpenAiTextFake();
  const configured = createOpenAiTextGenerator({
    apiKey: fake.apiKey,
    baseUrl: fake.url,
    model: 'gpt-6-luna',
  });
  if (!configured) throw new Error('generator should be configured');
  generator = configured;
});
afterAll(() => fake.close());

describe('OpenAI text generator', () => {
  it('is absent without an API key', () => {
    expect(createOpenAiTextGenerator({ model: 'gpt-6-luna' })).toBeUndefined();
  });

  it('asks the Responses API with the instructions and input, and returns the answer text', async () => {
    fake.setReply((prompt) => `echo: ${prompt}`);
    const text = await generator.generate({ instructions: 'Be brief.', input: 'Are we still on for 3?' });
    expect(text).toBe('echo: Be brief.\nAre we still on for 3?');
    expect(fake.requests.at(-1)).toMatchObject({
      endpoint: 'responses',
      body: { model: 'gpt-6-luna', instructions: 'Be brief.', input: 'Are we still on for 3?' },
    });
  });

  it('marks rate limits and server errors transient, and refusals not', async () => {
    fake.failNext({ status: 429, message: 'Rate limit reached', type: 'rate_limit_exceeded', times: 1 });
    await expect(generator.generate({ instructions: 'x', input: 'y' })).rejects.toMatchObject({
      status: 429,
      transient: true,
    });
    fake.failNext({ status: 400, message: 'Bad model', type: 'invalid_request_error', times: 1 });
    await expect(generator.generate({ instructions: 'x', input: 'y' })).rejects.toMatchObject({
      status: 400,
      transient: false,
    });
  });

  it('is refused, not retried, when the model is one OpenAI has shut down', async () => {
    const retired = createOpenAiTextGenerator({
      apiKey: fake.apiKey,
      baseUrl: fake.url,
      model: 'gpt-4.1-nano',
    });
    await expect(retired?.generate({ instructions: 'x', input: 'y' })).rejects.toMatchObject({
      status: 404,
      transient: false,
      message: expect.stringContaining('The model `gpt-4.1-nano` does not exist'),
    });
  });

  it('reports a wrong key as a refusal', async () => {
    const wrong = createOpenAiTextGenerator({ apiKey: 'sk-wrong', baseUrl: fake.url, model: 'gpt-6-luna' });
    await expect(wrong?.generate({ instructions: 'x', input: 'y' })).rejects.toMatchObject({
      status: 401,
      transient: false,
    });
  });
});
