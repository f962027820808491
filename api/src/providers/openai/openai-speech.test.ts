import { type OpenAiTextFake, startOpenAiTextFake } from '@annie/fakes/openai-text-fake';
import { afterAll, describe, expect, it } from 'vitest';
import { createOpenAiSpeech, SPEECH_MODEL } from './openai-speech.ts';

const fake: OpenAiTextFake = await startOpenAiTextFake({ apiKey: 'sk-speech' });
afterAll(() => fake.close());
const speech = createOpenAiSpeech({ apiKey: fake.apiKey, baseUrl: fake.url });

describe('OpenAI speech through the SDK', () => {
  it('is absent without an API key', () => {
    expect(createOpenAiSpeech({})).toBeUndefined();
  });

  it('asks POST /v1/audio/speech for MP3 in the voice and returns the bytes', async () => {
    const audio = await speech?.speak({ voice: 'cedar', input: "Hi, I'm James." });
    expect(audio?.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xf3]));
    expect(fake.requests.at(-1)).toEqual({
      endpoint: 'audio.speech',
      body: { model: SPEECH_MODEL, voice: 'cedar', input: "Hi, I'm James.", response_format: 'mp3' },
    });
  });

  it('reports OpenAI refusals with their status: a wrong key, a voice it does not have', async () => {
    const wrong = createOpenAiSpeech({ apiKey: 'sk-wrong', baseUrl: fake.url });
    await expect(wrong?.speak({ voice: 'cedar', input: 'x' })).rejects.toMatchObject({ status: 401 });
    await expect(speech?.speak({ voice: 'juniper', input: 'x' })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("Invalid value: 'juniper'"),
    });
  });
});
