import * as contract from '@annie/contracts/voice-profiles-routes';
import Router from '@koa/router';
import type { AppConfig } from '../../../config/env.ts';
import type { AppState } from '../../../http/app-state.ts';
import { defineRoute } from '../../../http/define-route.ts';
import { compilePreview, sessionConfig } from './voice-session.service.ts';

/** The compiled session: for any signed-in user (the voice page), and the admin's Preview tab. */
export function voiceSessionRoutes(config: Pick<AppConfig, 'OPENAI_REALTIME_MODEL'>): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api' });

  defineRoute(router, contract.getAiSessionConfig, (ctx) =>
    sessionConfig(ctx.state.em, config.OPENAI_REALTIME_MODEL),
  );

  defineRoute(router, contract.previewVoiceProfile, (ctx, { body }) =>
    compilePreview(ctx.state.em, body, config.OPENAI_REALTIME_MODEL),
  );

  return router;
}
