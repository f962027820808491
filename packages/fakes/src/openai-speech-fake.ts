import type { ServerResponse } from 'node:http';
import { opusSpeech, silentAac, silentFlac, silentMp3, toneSamples, wavFile } from './openai-speech-audio.ts';

/**
 * The speech models and voices of `POST /v1/audio/speech`, as the openai SDK's types (7.57) list them:
 * `SpeechModel` (all announced for shutdown on 2027-01-06) and the built-in voices of
 * `SpeechCreateParams.voice`. tts-1 and tts-1-hd speak only the original nine voices (OpenAI's
 * text-to-speech guide).
 */
export const SPEECH_MODELS = [
  'gpt-4o-mini-tts',
  'gpt-4o-mini-tts-2025-12-15',
  'gpt-4o-mini-tts-2025-03-20',
  'tts-1',
  'tts-1-hd',
] as const;
export const SPEECH_VOICES = [
  'alloy',
  'ash',
  'ballad',
  'coral',
  'echo',
  'fable',
  'onyx',
  'nova',
  'sage',
  'shimmer',
  'verse',
  'marin',
  'cedar',
] as const;
const TTS_1_VOICES = ['alloy', 'ash', 'coral', 'echo', 'fable', 'onyx', 'nova', 'sage', 'shimmer'];

/** `response_format` and the Content-Type OpenAI answers it with. */
export const SPEECH_FORMATS = {
  mp3: 'audio/mpeg',
  opus: 'audio/opus',
  aac: 'audio/aac',
  flac: 'audio/flac',
  wav: 'audio/wav',
  pcm: 'audio/pcm',
} as const;
export type SpeechFormat = keyof typeof SPEECH_FORMATS;

const MAX_INPUT_CHARS = 4096;

/** About 15 characters a second, as a voice reads a sentence; at least a quarter second, at most 20 s. */
export const speechSecondsOf = (input: string) => Math.min(20, Math.max(0.25, input.length / 15));

/** The bytes of `format` the fake answers for `input`: a tone where it can encode one, else silence. */
export function speechAudio(format: SpeechFormat, input: string): Buffer {
  const seconds = speechSecondsOf(input);
  switch (format) {
    case 'wav':
      return wavFile(toneSamples(seconds));
    case 'pcm':
      return toneSamples(seconds);
    case 'mp3':
      return silentMp3(seconds);
    case 'aac':
      return silentAac(seconds);
    case 'flac':
      return silentFlac(seconds);
    case 'opus':
      return opusSpeech();
  }
}

type OpenAiError = { message: string; type: string; param: string | null; code: string | null };

const invalid = (param: string, message: string, code = 'invalid_value'): OpenAiError => ({
  message,
  type: 'invalid_request_error',
  param,
  code,
});

const oneOf = (param: string, value: unknown, allowed: readonly string[]) =>
  invalid(
    param,
    `Invalid value: '${String(value)}'. Supported values are: ${allowed.map((v) => `'${v}'`).join(', ')}.`,
  );

const missing = (param: string) =>
  invalid(param, `Missing required parameter: '${param}'.`, 'missing_required_parameter');

const isOneOf = <T extends string>(value: unknown, allowed: readonly T[]): value is T =>
  typeof value === 'string' && (allowed as readonly string[]).includes(value);

/** What OpenAI refuses in a speech request (400), or undefined for one it answers. */
export function speechRequestError(body: Record<string, unknown>): OpenAiError | undefined {
  for (const param of ['model', 'input', 'voice'])
    if (body[param] === undefined || body[param] === null) return missing(param);
  const { model, input, voice } = body;
  if (!isOneOf(model, SPEECH_MODELS)) return oneOf('model', model, SPEECH_MODELS);
  if (typeof input !== 'string') return invalid('input', "Invalid type for 'input': expected a string.");
  if (input.length > MAX_INPUT_CHARS)
    return invalid(
      'input',
      `'input' is too long: ${input.length} characters, at most ${MAX_INPUT_CHARS}.`,
      'string_above_max_length',
    );
  const custom = typeof voice === 'object' && typeof (voice as { id?: unknown }).id === 'string';
  const legacy = model === 'tts-1' || model === 'tts-1-hd';
  if (!custom && !isOneOf(voice, legacy ? TTS_1_VOICES : SPEECH_VOICES))
    return oneOf('voice', voice, legacy ? TTS_1_VOICES : SPEECH_VOICES);
  const format = body.response_format ?? 'mp3';
  if (!isOneOf(format, Object.keys(SPEECH_FORMATS)))
    return oneOf('response_format', format, Object.keys(SPEECH_FORMATS));
  const speed = body.speed ?? 1;
  if (typeof speed !== 'number' || speed < 0.25 || speed > 4)
    return invalid('speed', `Invalid 'speed': ${String(speed)}. Expected a number from 0.25 to 4.0.`);
  const stream = body.stream_format ?? 'audio';
  if (!isOneOf(stream, ['audio', 'sse'])) return oneOf('stream_format', stream, ['audio', 'sse']);
  if (stream === 'sse' && legacy)
    return invalid(
      'stream_format',
      `stream_format 'sse' is not supported for ${model}.`,
      'unsupported_value',
    );
  return undefined;
}

/** Audio tokens of the speech: about 20 a second (gpt-4o-mini-tts's $12 per million ≈ $0.015 a minute). */
const audioTokensOf = (input: string) => Math.ceil(speechSecondsOf(input) * 20);

/**
 * Answers a speech request the way `POST /v1/audio/speech` does: 400 with OpenAI's error body for what
 * it refuses, else the audio bytes of `response_format` (mp3 by default) with its Content-Type, or with
 * `stream_format: "sse"` the `speech.audio.delta` and `speech.audio.done` events (usage in the last).
 */
export function answerSpeech(res: ServerResponse, body: Record<string, unknown>, requestId: string): void {
  const error = speechRequestError(body);
  if (error) {
    res.writeHead(400, { 'Content-Type': 'application/json', 'x-request-id': requestId });
    res.end(JSON.stringify({ error }));
    return;
  }
  const format = (body.response_format ?? 'mp3') as SpeechFormat;
  const input = body.input as string;
  const audio = speechAudio(format, input);
  if (body.stream_format === 'sse') {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'x-request-id': requestId });
    const event = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
    event({ type: 'speech.audio.delta', audio: audio.toString('base64') });
    const inputTokens = Math.ceil(input.length / 4);
    const outputTokens = audioTokensOf(input);
    event({
      type: 'speech.audio.done',
      usage: {
        input_tokens: inputTokens,
        output_tokens: outputTokens,
        total_tokens: inputTokens + outputTokens,
      },
    });
    res.end();
    return;
  }
  res.writeHead(200, {
    'Content-Type': SPEECH_FORMATS[format],
    'Content-Length': audio.length,
    'x-request-id': requestId,
  });
  res.end(audio);
}
