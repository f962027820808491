import { voiceProfileListQuerySchema } from '@annie/api-client/contracts/voice-profiles';
import Router from '@koa/router';
import type { Context } from 'koa';
import { type AppState, authOf } from '../auth/auth-context.ts';
import { requireAdmin, requireAuth } from '../auth/require-auth.ts';
import { updateAnnieConfig } from './system-profile.service.ts';
import {
  exportFileName,
  toVoiceProfileDto,
  toVoiceProfileExport,
  toVoiceProfileVersionDto,
} from './voice-profile.dto.ts';
import {
  createProfile,
  deleteProfile,
  importProfile,
  listProfiles,
  makeDefault,
  updateProfile,
} from './voice-profile.service.ts';
import { findProfile, type Saver } from './voice-profile-store.ts';
import { listVersions, restoreVersion } from './voice-profile-versions.service.ts';

const saverOf = (ctx: { state: AppState }): Saver => {
  const { tenantId, username } = authOf(ctx);
  return { tenantId, username };
};

/** /api/voice/profiles and PUT /api/annie/config (spec part 2 §7): admin-only, enforced here. */
export function voiceProfileRoutes(): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api' });
  const admin = [requireAuth(), requireAdmin()] as const;

  router.get('/voice/profiles', ...admin, async (ctx) => {
    const { agentId } = voiceProfileListQuerySchema.parse(ctx.query);
    ctx.body = (await listProfiles(ctx.state.em, saverOf(ctx), agentId)).map(toVoiceProfileDto);
  });

  router.post('/voice/profiles', ...admin, async (ctx) => {
    ctx.status = 201;
    ctx.body = toVoiceProfileDto(await createProfile(ctx.state.em, saverOf(ctx), ctx.request.body ?? {}));
  });

  router.post('/voice/profiles/import', ...admin, async (ctx) => {
    ctx.status = 201;
    ctx.body = toVoiceProfileDto(await importProfile(ctx.state.em, saverOf(ctx), ctx.request.body));
  });

  router.patch('/voice/profiles/:id', ...admin, async (ctx) => {
    const profile = await updateProfile(ctx.state.em, saverOf(ctx), ctx.params.id, ctx.request.body ?? {});
    ctx.body = toVoiceProfileDto(profile);
  });

  router.delete('/voice/profiles/:id', ...admin, async (ctx) => {
    await deleteProfile(ctx.state.em, ctx.params.id);
    ctx.status = 204;
  });

  router.post('/voice/profiles/:id/make-default', ...admin, async (ctx) => {
    ctx.body = toVoiceProfileDto(await makeDefault(ctx.state.em, ctx.params.id));
  });

  router.get('/voice/profiles/:id/export', ...admin, async (ctx: Context) => {
    const profile = await findProfile(ctx.state.em, ctx.params.id);
    ctx.attachment(exportFileName(profile));
    ctx.type = 'application/json';
    ctx.body = `${JSON.stringify(toVoiceProfileExport(profile), null, 2)}\n`;
  });

  router.get('/voice/profiles/:id/versions', ...admin, async (ctx) => {
    ctx.body = (await listVersions(ctx.state.em, ctx.params.id)).map(toVoiceProfileVersionDto);
  });

  router.post('/voice/profiles/:id/versions/:version/restore', ...admin, async (ctx) => {
    const profile = await restoreVersion(ctx.state.em, saverOf(ctx), ctx.params.id, ctx.params.version);
    ctx.body = toVoiceProfileDto(profile);
  });

  router.put('/annie/config', ...admin, async (ctx) => {
    ctx.body = toVoiceProfileDto(await updateAnnieConfig(ctx.state.em, saverOf(ctx), ctx.request.body ?? {}));
  });

  return router;
}
