import { afterAll, describe, expect, it } from 'vitest';
import { SPEECH_SAMPLE_RATE } from './openai-speech-audio.ts';
import { speechSecondsOf } from './openai-speech-fake.ts';
import { startOpenAiTextFake } from './openai-text-fake.ts';

const fake = await startOpenAiTextFake({ apiKey: 'sk-speech' });
afterAll(() => fake.close());

const SENTENCE = "Hi, I'm James. This is how I sound on a call.";

function speak(body: Record<string, unknown>, key = 'sk-speech') {
  return fetch(`${fake.url}/audio/speech`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const ok = { model: 'gpt-4o-mini-tts', voice: 'marin', input: SENTENCE };

async function refusal(response: Response) {
  return { status: response.status, error: ((await response.json()) as { error: unknown }).error };
}

describe('OpenAI speech fake: what it refuses', () => {
  it('refuses a missing or wrong key with 401 invalid_api_key', async () => {
    expect(await refusal(await speak(ok, 'sk-wrong'))).toMatchObject({
      status: 401,
      error: { code: 'invalid_api_key', type: 'invalid_request_error' },
    });
    const anonymous = await fetch(`${fake.url}/audio/speech`, { method: 'POST', body: JSON.stringify(ok) });
    expect(anonymous.status).toBe(401);
  });

  it('refuses an unknown model, a text model and an unknown voice with 400 invalid_value', async () => {
    for (const model of ['tts-2', 'gpt-6-luna'])
      expect(await refusal(await speak({ ...ok, model }))).toMatchObject({
        status: 400,
        error: { param: 'model', code: 'invalid_value', message: expect.stringContaining(`'${model}'`) },
      });
    expect(await refusal(await speak({ ...ok, voice: 'juniper' }))).toMatchObject({
      status: 400,
      error: { param: 'voice', code: 'invalid_value', type: 'invalid_request_error' },
    });
  });

  it('refuses the newer voices on tts-1, which speaks only the original nine', async () => {
    expect((await speak({ ...ok, model: 'tts-1', voice: 'cedar' })).status).toBe(400);
    expect((await speak({ ...ok, model: 'tts-1', voice: 'nova' })).status).toBe(200);
  });

  it('refuses a missing input, an input over 4096 characters, a bad format and a bad speed', async () => {
    expect(await refusal(await speak({ model: 'gpt-4o-mini-tts', voice: 'marin' }))).toMatchObject({
      status: 400,
      error: { param: 'input', code: 'missing_required_parameter' },
    });
    expect((await speak({ ...ok, input: 'x'.repeat(4097) })).status).toBe(400);
    expect((await speak({ ...ok, response_format: 'ogg' })).status).toBe(400);
    expect((await speak({ ...ok, speed: 5 })).status).toBe(400);
    expect((await speak({ ...ok, model: 'tts-1', voice: 'nova', stream_format: 'sse' })).status).toBe(400);
  });

  it('answers an injected failure (a rate limit) instead of audio', async () => {
    fake.failNext({ status: 429, message: 'Rate limit reached', type: 'rate_limit_exceeded', times: 1 });
    expect((await speak(ok)).status).toBe(429);
    expect((await speak(ok)).status).toBe(200);
  });
});

describe('OpenAI speech fake: the audio it answers', () => {
  it('answers MP3 by default: MPEG-2 Layer III frames at 24 kHz mono, as long as the sentence', async () => {
    const response = await speak(ok);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    const mp3 = Buffer.from(await response.arrayBuffer());
    expect([...mp3.subarray(0, 4)]).toEqual([0xff, 0xf3, 0x44, 0xc0]);
    expect(mp3.length % 96).toBe(0);
    expect((mp3.length / 96) * (576 / SPEECH_SAMPLE_RATE)).toBeCloseTo(speechSecondsOf(SENTENCE), 1);
    expect(fake.requests.at(-1)).toMatchObject({ endpoint: 'audio.speech', body: ok });
  });

  it('answers WAV as a RIFF file of 16-bit 24 kHz mono PCM with a tone in it', async () => {
    const response = await speak({ ...ok, response_format: 'wav' });
    expect(response.headers.get('content-type')).toBe('audio/wav');
    const wav = Buffer.from(await response.arrayBuffer());
    expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
    expect(wav.toString('latin1', 8, 16)).toBe('WAVEfmt ');
    expect(wav.readUInt32LE(24)).toBe(24_000);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.readUInt32LE(40)).toBe(wav.length - 44);
    const middle = wav.readInt16LE(44 + 2 * Math.floor((wav.length - 44) / 4));
    const peak = Math.max(
      ...Array.from({ length: 200 }, (_, i) => Math.abs(wav.readInt16LE(44 + 4000 + i * 2))),
    );
    expect(Math.abs(middle)).toBeLessThanOrEqual(peak);
    expect(peak).toBeGreaterThan(1000);
  });

  it('answers PCM as the bare samples, Opus as Ogg, FLAC with its marker and AAC as ADTS', async () => {
    const bytes = async (format: string) =>
      Buffer.from(await (await speak({ ...ok, response_format: format })).arrayBuffer());
    const pcm = await bytes('pcm');
    expect(pcm.length).toBe(2 * Math.round(speechSecondsOf(SENTENCE) * SPEECH_SAMPLE_RATE));
    expect((await bytes('opus')).toString('latin1', 0, 4)).toBe('OggS');
    const flac = await bytes('flac');
    expect(flac.toString('latin1', 0, 4)).toBe('fLaC');
    expect(flac.readUInt16BE(42)).toBe(0xfff8); // the first frame's sync, after STREAMINFO
    const aac = await bytes('aac');
    expect(aac.readUInt16BE(0) & 0xfff6).toBe(0xfff0);
  });

  it('streams server-sent events with the audio and the usage when asked for sse', async () => {
    const response = await speak({ ...ok, stream_format: 'sse' });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const events = (await response.text())
      .split('\n\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line.replace(/^data: /, '')));
    expect(events.map((event) => event.type)).toEqual(['speech.audio.delta', 'speech.audio.done']);
    expect(Buffer.from(events[0].audio, 'base64')[0]).toBe(0xff);
    expect(events[1].usage.output_tokens).toBeGreaterThan(0);
  });
});
