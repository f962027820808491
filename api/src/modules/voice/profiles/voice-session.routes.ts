import type * as contract from '@annie/contracts/voice-profiles-routes';
import type { AppConfig } from '../../../config/env.ts';
import type { SomeRouteHandlers } from '../../../http/define-route.ts';
import { compilePreview, sessionConfig } from './voice-session.service.ts';

/** The compiled session: for any signed-in user (the voice page), and the admin's Preview tab. */
export function voiceSessionHandlers(config: Pick<AppConfig, 'OPENAI_REALTIME_MODEL'>) {
  return {
    getAiSessionConfig: async (ctx) => ({
      status: 200,
      body: await sessionConfig(ctx.state.em, config.OPENAI_REALTIME_MODEL),
    }),
    previewVoiceProfile: async (ctx, { body }) => ({
      status: 200,
      body: await compilePreview(ctx.state.em, body, config.OPENAI_REALTIME_MODEL),
    }),
  } satisfies SomeRouteHandlers<typeof contract>;
}
