import OpenAI from 'openai';

/** Where and how to reach OpenAI for text; built from OPENAI_* in config/env.ts. */
export type OpenAiTextConfig = {
  apiKey?: string;
  /** Only for the loopback fake and proxies: replaces https://api.openai.com/v1. */
  baseUrl?: string;
  model: string;
  /** The SDK's own retries; jobs retry on their own, so callers usually pass 0. */
  maxRetries?: number;
  timeoutMs?: number;
};

/** One text generation: the standing instructions and the material to answer. */
export type TextPrompt = { instructions: string; input: string; maxOutputTokens?: number };

/** The tokens a generation used, as the Responses API reports them (cached tokens are part of the input). */
export type TextUsage = { model: string; inputTokens: number; cachedTokens: number; outputTokens: number };

export type TextGenerator = {
  generate: (
    prompt: TextPrompt,
    signal?: AbortSignal,
    onUsage?: (usage: TextUsage) => void,
  ) => Promise<string>;
};

/** A generation that failed; `transient` ones (rate limits, 5xx, network) are worth retrying. */
export class OpenAiTextError extends Error {
  override name = 'OpenAiTextError';
  readonly status: number | undefined;
  readonly transient: boolean;

  constructor(message: string, options: { status?: number; transient: boolean; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.transient = options.transient;
  }
}

function isTransient(status: number | undefined): boolean {
  return status === undefined || status === 408 || status === 409 || status === 429 || status >= 500;
}

/** The official SDK's client for a text configuration; `retries` when the configuration names none. */
export function openAiTextClient(config: OpenAiTextConfig & { apiKey: string }, retries: number): OpenAI {
  return new OpenAI({
    apiKey: config.apiKey,
    baseURL: config.baseUrl,
    maxRetries: config.maxRetries ?? retries,
    timeout: config.timeoutMs ?? 30_000,
  });
}

/** A text generator on the Responses API of the official SDK, or undefined without an API key. */
export function createOpenAiTextGenerator(config: OpenAiTextConfig): TextGenerator | undefined {
  if (!config.apiKey) return undefined;
  const client = openAiTextClient({ ...config, apiKey: config.apiKey }, 0);
  return {
    async generate(prompt, signal, onUsage) {
      try {
        const response = await client.responses.create(
          {
            model: config.model,
            instructions: prompt.instructions,
            input: prompt.input,
            max_output_tokens: prompt.maxOutputTokens,
          },
          { signal },
        );
        if (response.usage)
          onUsage?.({
            model: response.model ?? config.model,
            inputTokens: response.usage.input_tokens,
            cachedTokens: response.usage.input_tokens_details?.cached_tokens ?? 0,
            outputTokens: response.usage.output_tokens,
          });
        const text = response.output_text.trim();
        if (!text) throw new OpenAiTextError('OpenAI answered with no text', { transient: true });
        return text;
      } catch (error) {
        if (error instanceof OpenAiTextError) throw error;
        const status = error instanceof OpenAI.APIError ? error.status : undefined;
        const reason = error instanceof Error ? error.message : String(error);
        throw new OpenAiTextError(`OpenAI text generation failed: ${reason}`, {
          status,
          transient: isTransient(status),
          cause: error,
        });
      }
    },
  };
}
