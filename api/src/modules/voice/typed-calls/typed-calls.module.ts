import type { ApiModule } from '../../../api-module.ts';
import { createOpenAiTextGenerator } from '../../../providers/openai/openai-text.ts';
import { typedCallRoutes } from './typed-call.routes.ts';

/** Typed calls: the simple call page's calls, where the user types and the persona answers in text. */
export const typedCallsModule: ApiModule = {
  name: 'typed-calls',
  entities: [],
  migrations: [],
  create: ({ pool, config }) => {
    const generator = createOpenAiTextGenerator({
      apiKey: config.OPENAI_API_KEY,
      baseUrl: config.OPENAI_TEXT_BASE_URL ?? config.OPENAI_BASE_URL,
      model: config.OPENAI_TEXT_MODEL,
    });
    return { routers: [typedCallRoutes({ pool, generator, realtimeModel: config.OPENAI_REALTIME_MODEL })] };
  },
};
