import * as voiceProfilesRoutes from '@annie/contracts/voice-profiles-routes';
import Router from '@koa/router';
import type { ApiModule, ModuleDeps } from '../../../api-module.ts';
import type { AppState } from '../../../http/app-state.ts';
import { defineRoutes } from '../../../http/define-route.ts';
import { drained } from '../../../instance/instance-lifecycle.ts';
import { createOpenAiSpeech } from '../../../providers/openai/openai-speech.ts';
import { callEnginesFrom } from '../bridge/index.ts';
import { Migration20261122020000_voice_profiles } from './migrations/Migration20261122020000_voice_profiles.ts';
import { Migration20261122200000_voice_test_tickets } from './migrations/Migration20261122200000_voice_test_tickets.ts';
import { Migration20261129021500_voice_profile_engine } from './migrations/Migration20261129021500_voice_profile_engine.ts';
import { testTicketRetention } from './test-ticket-retention.queries.ts';
import { voicePreviewHandlers } from './voice-preview.routes.ts';
import { VoiceProfileSchema } from './voice-profile.entity.ts';
import { voiceProfileHandlers } from './voice-profile.routes.ts';
import { VoiceProfileVersionSchema } from './voice-profile-version.entity.ts';
import { voiceSessionHandlers } from './voice-session.routes.ts';
import { newTestSocketServer, SERVER_RESTARTING, voiceTestHandlers } from './voice-test.routes.ts';
import { VoiceTestTickets } from './voice-test-tickets.ts';

/** One app's voice-profile state: the test tickets (in PostgreSQL), the open test sockets and the realtime bridges. */
export function createVoiceProfiles({
  config,
  logger,
  pool,
  connections,
  lifecycle,
}: Pick<ModuleDeps, 'config' | 'logger' | 'pool' | 'connections' | 'lifecycle'>) {
  const bridges = callEnginesFrom(config);
  const sockets = newTestSocketServer();
  const tickets = new VoiceTestTickets(pool);
  lifecycle.countLive('voiceTests', () => sockets.clients.size);
  const draining = () => lifecycle.draining;
  // Voice samples: speech through the same base URL as text (the loopback fake in the sandbox and tests).
  const speech = createOpenAiSpeech({
    apiKey: config.OPENAI_API_KEY,
    baseUrl: config.OPENAI_TEXT_BASE_URL ?? config.OPENAI_BASE_URL,
  });
  return {
    routers: [
      defineRoutes(new Router<AppState>(), voiceProfilesRoutes, {
        ...voicePreviewHandlers({ speech, pool, assistantName: config.ASSISTANT_NAME }),
        ...voiceProfileHandlers(),
        ...voiceSessionHandlers(config),
        ...voiceTestHandlers({ config, logger, tickets, bridges, sockets, connections, pool, draining }),
      }),
    ],
    /**
     * Server shutdown: when draining (SIGTERM), the tests in progress go on for up to CALL_DRAIN_MS and
     * those left are told the server is restarting; then every test socket and realtime bridge is closed.
     */
    stop: async () => {
      if (draining()) {
        await drained(() => sockets.clients.size, config.CALL_DRAIN_MS);
        const { code, reason } = SERVER_RESTARTING;
        for (const client of sockets.clients) {
          client.send(JSON.stringify({ type: 'error', message: reason }));
          client.close(code, reason);
        }
      }
      for (const client of sockets.clients) client.close(1001, 'Server shutting down');
      bridges?.closeAll();
    },
  };
}

/** Voice Console: profiles with versions, the compiled session, and the live test panel. */
export const voiceProfilesModule: ApiModule = {
  name: 'voice-profiles',
  entities: [VoiceProfileSchema, VoiceProfileVersionSchema],
  retention: testTicketRetention,
  migrations: [
    { name: 'Migration20261122020000_voice_profiles', class: Migration20261122020000_voice_profiles },
    { name: 'Migration20261122200000_voice_test_tickets', class: Migration20261122200000_voice_test_tickets },
    {
      name: 'Migration20261129021500_voice_profile_engine',
      class: Migration20261129021500_voice_profile_engine,
    },
  ],
  create: (deps) => {
    const { routers, stop } = createVoiceProfiles(deps);
    // Nothing to start; at shutdown every test socket and realtime bridge is closed.
    return { routers, start: async () => stop };
  },
};
