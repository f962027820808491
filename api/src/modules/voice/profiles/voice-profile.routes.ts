import {
  annieConfigRequestSchema,
  createVoiceProfileRequestSchema,
  importVoiceProfileRequestSchema,
  updateVoiceProfileRequestSchema,
  voiceProfileListQuerySchema,
  voiceProfileSchema,
  voiceProfileVersionSchema,
} from '@annie/api-client/contracts/voice-profiles';
import Router from '@koa/router';
import { z } from 'zod';
import { type AppState, authOf } from '../../../http/app-state.ts';
import { requireAdmin, requireAuth } from '../../../http/require-auth.ts';
import { routeDoc } from '../../../openapi/route-doc.ts';
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

/** /api/voice/profiles and PUT /api/annie/config: admin-only, enforced here. */
export function voiceProfileRoutes(): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api' });
  const admin = [requireAuth(), requireAdmin()] as const;

  router.get(
    '/voice/profiles',
    routeDoc({
      summary: "The agent's voice profiles, the system profile first",
      access: 'admin',
      query: voiceProfileListQuerySchema,
      responses: { 200: { description: 'The profiles', schema: z.array(voiceProfileSchema) } },
    }),
    ...admin,
    async (ctx) => {
      const { agentId } = voiceProfileListQuerySchema.parse(ctx.query);
      ctx.body = (await listProfiles(ctx.state.em, saverOf(ctx), agentId)).map(toVoiceProfileDto);
    },
  );

  router.post(
    '/voice/profiles',
    routeDoc({
      summary: 'Create a voice profile',
      access: 'admin',
      body: createVoiceProfileRequestSchema,
      responses: { 201: { description: 'The profile', schema: voiceProfileSchema } },
    }),
    ...admin,
    async (ctx) => {
      ctx.status = 201;
      ctx.body = toVoiceProfileDto(await createProfile(ctx.state.em, saverOf(ctx), ctx.request.body ?? {}));
    },
  );

  router.post(
    '/voice/profiles/import',
    routeDoc({
      summary: 'Import a voice profile from an exported file',
      access: 'admin',
      body: importVoiceProfileRequestSchema,
      responses: { 201: { description: 'The profile', schema: voiceProfileSchema } },
    }),
    ...admin,
    async (ctx) => {
      ctx.status = 201;
      ctx.body = toVoiceProfileDto(await importProfile(ctx.state.em, saverOf(ctx), ctx.request.body));
    },
  );

  router.patch(
    '/voice/profiles/:id',
    routeDoc({
      summary: 'Change a voice profile (a new version)',
      access: 'admin',
      params: { id: z.string() },
      body: updateVoiceProfileRequestSchema,
      responses: { 200: { description: 'The profile', schema: voiceProfileSchema } },
    }),
    ...admin,
    async (ctx) => {
      const profile = await updateProfile(ctx.state.em, saverOf(ctx), ctx.params.id, ctx.request.body ?? {});
      ctx.body = toVoiceProfileDto(profile);
    },
  );

  router.delete(
    '/voice/profiles/:id',
    routeDoc({
      summary: 'Delete a voice profile',
      access: 'admin',
      params: { id: z.string() },
      responses: { 204: { description: 'Deleted' } },
    }),
    ...admin,
    async (ctx) => {
      await deleteProfile(ctx.state.em, ctx.params.id);
      ctx.status = 204;
    },
  );

  router.post(
    '/voice/profiles/:id/make-default',
    routeDoc({
      summary: "Make a profile its agent's default",
      access: 'admin',
      params: { id: z.string() },
      responses: { 200: { description: 'The profile', schema: voiceProfileSchema } },
    }),
    ...admin,
    async (ctx) => {
      ctx.body = toVoiceProfileDto(await makeDefault(ctx.state.em, ctx.params.id));
    },
  );

  router.get(
    '/voice/profiles/:id/export',
    routeDoc({
      summary: 'A voice profile as a JSON file',
      access: 'admin',
      params: { id: z.string() },
      responses: {
        200: { description: 'The file (Content-Disposition: attachment)', contentType: 'application/json' },
      },
    }),
    ...admin,
    async (ctx) => {
      const profile = await findProfile(ctx.state.em, ctx.params.id);
      ctx.attachment(exportFileName(profile));
      ctx.type = 'application/json';
      ctx.body = `${JSON.stringify(toVoiceProfileExport(profile), null, 2)}\n`;
    },
  );

  router.get(
    '/voice/profiles/:id/versions',
    routeDoc({
      summary: "A voice profile's versions, newest first",
      access: 'admin',
      params: { id: z.string() },
      responses: { 200: { description: 'The versions', schema: z.array(voiceProfileVersionSchema) } },
    }),
    ...admin,
    async (ctx) => {
      ctx.body = (await listVersions(ctx.state.em, ctx.params.id)).map(toVoiceProfileVersionDto);
    },
  );

  router.post(
    '/voice/profiles/:id/versions/:version/restore',
    routeDoc({
      summary: 'Restore a version of a voice profile (as a new version)',
      access: 'admin',
      params: { id: z.string() },
      responses: { 200: { description: 'The profile', schema: voiceProfileSchema } },
    }),
    ...admin,
    async (ctx) => {
      const profile = await restoreVersion(ctx.state.em, saverOf(ctx), ctx.params.id, ctx.params.version);
      ctx.body = toVoiceProfileDto(profile);
    },
  );

  router.put(
    '/annie/config',
    routeDoc({
      summary: "Change Annie's system profile",
      access: 'admin',
      body: annieConfigRequestSchema,
      responses: { 200: { description: 'The system profile', schema: voiceProfileSchema } },
    }),
    ...admin,
    async (ctx) => {
      ctx.body = toVoiceProfileDto(
        await updateAnnieConfig(ctx.state.em, saverOf(ctx), ctx.request.body ?? {}),
      );
    },
  );

  return router;
}
