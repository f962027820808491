import OpenAI from 'openai';
import type { SpeechCreateParams, SpeechModel } from 'openai/resources/audio/speech';

/**
 * The speech model of voice samples. The SDK's `SpeechModel` (7.57) lists only models announced for
 * shutdown on 2027-01-06; gpt-4o-mini-tts is the one that speaks every built-in voice (cedar and marin
 * included; tts-1 and tts-1-hd do not), priced $0.60 per million text tokens in and $12 per million
 * audio tokens out (about $0.015 a minute of speech).
 */
export const SPEECH_MODEL: SpeechModel = 'gpt-4o-mini-tts';

/** MP3 plays in every browser's <audio> and is the smallest of the formats a sample is asked in. */
export const SPEECH_FORMAT = 'mp3' satisfies SpeechCreateParams['response_format'];
export const SPEECH_CONTENT_TYPE = 'audio/mpeg';

/** Where and how to reach OpenAI for speech (config/env.ts: OPENAI_API_KEY, the text base URL). */
export type OpenAiSpeechConfig = {
  apiKey?: string;
  /** Only for the loopback fake and proxies: replaces https://api.openai.com/v1. */
  baseUrl?: string;
  model?: string;
  timeoutMs?: number;
};

/** One utterance to speak in a built-in voice. */
export type SpeechRequest = { voice: string; input: string; instructions?: string };

export type SpeechSynthesizer = {
  /** The audio (MP3) of `input` spoken in `voice`. */
  speak: (request: SpeechRequest, signal?: AbortSignal) => Promise<Buffer>;
};

/** A speech request OpenAI refused or that did not reach it; `status` is OpenAI's when it answered. */
export class OpenAiSpeechError extends Error {
  override name = 'OpenAiSpeechError';
  readonly status: number | undefined;

  constructor(message: string, options: { status?: number; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.status = options.status;
  }
}

/** Text to speech on `POST /v1/audio/speech` through the official SDK, or undefined without an API key. */
export function createOpenAiSpeech(config: OpenAiSpeechConfig): SpeechSynthesizer | undefined {
  if (!config.apiKey) return undefined;
  const client = new OpenAI({
    apiKey: config.apiKey,
    baseURL: config.baseUrl,
    maxRetries: 1,
    timeout: config.timeoutMs ?? 20_000,
  });
  const model = config.model ?? SPEECH_MODEL;
  return {
    async speak({ voice, input, instructions }, signal) {
      try {
        const response = await client.audio.speech.create(
          { model, voice, input, instructions, response_format: SPEECH_FORMAT },
          { signal },
        );
        const audio = Buffer.from(await response.arrayBuffer());
        if (audio.length === 0) throw new OpenAiSpeechError('OpenAI answered with no audio', {});
        return audio;
      } catch (error) {
        if (error instanceof OpenAiSpeechError) throw error;
        const status = error instanceof OpenAI.APIError ? error.status : undefined;
        const reason = error instanceof Error ? error.message : String(error);
        throw new OpenAiSpeechError(`OpenAI text to speech failed: ${reason}`, { status, cause: error });
      }
    },
  };
}
