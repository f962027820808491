import type { AppConfig } from '../../../config/env.ts';
import { createOpenAiWebSearcher, type WebSearcher } from '../../../providers/openai/openai-web-search.ts';

// One per app config, so the route and every phone call's tool runner share the SDK client.
const built = new WeakMap<AppConfig, WebSearcher | undefined>();

/** The app's web search (OpenAI text base URL and model), undefined without OPENAI_API_KEY. */
export function webSearcherFor(config: AppConfig): WebSearcher | undefined {
  if (!built.has(config)) {
    built.set(
      config,
      createOpenAiWebSearcher({
        apiKey: config.OPENAI_API_KEY,
        baseUrl: config.OPENAI_TEXT_BASE_URL ?? config.OPENAI_BASE_URL,
        model: config.OPENAI_TEXT_MODEL,
      }),
    );
  }
  return built.get(config);
}
