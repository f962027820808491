import { previewVoiceProfileRequestSchema } from '@annie/api-client/contracts/voice-profiles';
import { aiSessionConfigSchema, compiledVoiceSessionSchema } from '@annie/api-client/contracts/voice-session';
import Router from '@koa/router';
import type { AppConfig } from '../../../config/env.ts';
import type { AppState } from '../../../http/app-state.ts';
import { defineRoute } from '../../../http/define-route.ts';
import { compilePreview, sessionConfig } from './voice-session.service.ts';

/** The compiled session: for any signed-in user (the voice page), and the admin's Preview tab. */
export function voiceSessionRoutes(config: Pick<AppConfig, 'OPENAI_REALTIME_MODEL'>): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api' });

  defineRoute(
    router,
    {
      method: 'get',
      path: '/ai/session-config',
      summary: "The compiled realtime session for the voice page (the agent's default profile)",
      access: 'signed-in',
      responses: { 200: { description: 'The session configuration', schema: aiSessionConfigSchema } },
    },
    async (ctx) => {
      ctx.body = await sessionConfig(ctx.state.em, config.OPENAI_REALTIME_MODEL);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/voice/profiles/preview',
      summary: 'Compile unsaved profile fields into the session they would give (the Preview tab)',
      access: 'admin',
      body: previewVoiceProfileRequestSchema,
      responses: { 200: { description: 'The compiled session', schema: compiledVoiceSessionSchema } },
    },
    async (ctx, { body }) => {
      ctx.body = await compilePreview(ctx.state.em, body, config.OPENAI_REALTIME_MODEL);
    },
  );

  return router;
}
