import type { WebSearchResponse } from '@annie/contracts/voice-tools';
import OpenAI from 'openai';
import { type OpenAiTextConfig, openAiTextClient, type TextUsage } from './openai-text.ts';

/** The 503 message of POST /api/voice/web-search, and the web_search tool's answer, without a key. */
export const WEB_SEARCH_NOT_CONFIGURED_MESSAGE = 'Web search is not configured: set OPENAI_API_KEY';

/** Most sources handed back to the model; the answer itself is short anyway. */
const SOURCES_MAX = 5;

const INSTRUCTIONS =
  'Search the web and answer in at most three short sentences that can be read aloud on a call. ' +
  'Give the facts, not the search process. No markdown, no lists, no URLs in the text.';

export type WebSearcher = {
  /** `onUsage` hears the tokens OpenAI billed, once it answered (even an answer that fails afterwards). */
  search: (
    query: string,
    signal?: AbortSignal,
    onUsage?: (usage: TextUsage) => void,
  ) => Promise<WebSearchResponse>;
};

/** A web search that failed at OpenAI (or on the way there). */
export class WebSearchError extends Error {
  override name = 'WebSearchError';
  readonly status: number | undefined;

  constructor(message: string, options: { status?: number; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.status = options.status;
  }
}

/**
 * Web search with the Responses API's built-in `web_search` tool (openai 7): the model searches, answers
 * briefly, and cites its pages as `url_citation` annotations, which become the sources. Undefined
 * without an API key.
 */
export function createOpenAiWebSearcher(config: OpenAiTextConfig): WebSearcher | undefined {
  if (!config.apiKey) return undefined;
  const client = openAiTextClient({ ...config, apiKey: config.apiKey }, 1);
  return {
    async search(query, signal, onUsage) {
      try {
        const response = await client.responses.create(
          {
            model: config.model,
            instructions: INSTRUCTIONS,
            input: query,
            tools: [{ type: 'web_search' }],
            max_output_tokens: 400,
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
        const sources = new Map<string, string>();
        for (const item of response.output) {
          if (item.type !== 'message') continue;
          for (const part of item.content) {
            if (part.type !== 'output_text') continue;
            for (const note of part.annotations) {
              if (note.type === 'url_citation' && !sources.has(note.url)) sources.set(note.url, note.title);
            }
          }
        }
        return {
          answer: response.output_text.trim(),
          sources: [...sources].slice(0, SOURCES_MAX).map(([url, title]) => ({ title, url })),
        };
      } catch (error) {
        const status = error instanceof OpenAI.APIError ? error.status : undefined;
        const reason = error instanceof Error ? error.message : String(error);
        throw new WebSearchError(`Web search failed: ${reason}`, { status, cause: error });
      }
    },
  };
}
