import type { ApiModule } from '../../../api-module.ts';
import { webSearchRoutes } from './web-search.routes.ts';
import { webSearcherFor } from './web-searcher.ts';

/**
 * The realtime model's tools on the server: the web search endpoint, and (server-tool-runner.ts) the
 * runner that answers every registry tool inside a phone call.
 */
export const voiceToolsModule: ApiModule = {
  name: 'voice-tools',
  entities: [],
  migrations: [],
  create: ({ pool, config }) => ({
    routers: [
      webSearchRoutes({
        pool,
        searcher: webSearcherFor(config),
        perUserPerHour: config.WEB_SEARCH_MAX_PER_HOUR,
      }),
    ],
  }),
};
