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
import type { AppState, AuthContext } from '../../../http/app-state.ts';
import { defineRoute } from '../../../http/define-route.ts';
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
  readImportFile,
  updateProfile,
} from './voice-profile.service.ts';
import { findProfile, type Saver } from './voice-profile-store.ts';
import { listVersions, restoreVersion } from './voice-profile-versions.service.ts';

const saverOf = ({ tenantId, username }: AuthContext): Saver => ({ tenantId, username });

/** /api/voice/profiles and PUT /api/annie/config: admin-only, enforced here. */
export function voiceProfileRoutes(): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api' });

  defineRoute(
    router,
    {
      method: 'get',
      path: '/voice/profiles',
      summary: "The agent's voice profiles, the system profile first",
      access: 'admin',
      query: voiceProfileListQuerySchema,
      responses: { 200: { description: 'The profiles', schema: z.array(voiceProfileSchema) } },
    },
    async (ctx, { query: { agentId }, auth }) => {
      ctx.body = (await listProfiles(ctx.state.em, saverOf(auth), agentId)).map(toVoiceProfileDto);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/voice/profiles',
      summary: 'Create a voice profile',
      access: 'admin',
      body: createVoiceProfileRequestSchema,
      responses: { 201: { description: 'The profile', schema: voiceProfileSchema } },
    },
    async (ctx, { body, auth }) => {
      ctx.status = 201;
      ctx.body = toVoiceProfileDto(await createProfile(ctx.state.em, saverOf(auth), body));
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/voice/profiles/import',
      summary: 'Import a voice profile from an exported file',
      access: 'admin',
      body: importVoiceProfileRequestSchema,
      responses: { 201: { description: 'The profile', schema: voiceProfileSchema } },
      // A file that is not an export is refused with what is wrong in it and its own code, before the
      // declaration's generic 400 could answer it.
      before: [
        async (ctx, next) => {
          readImportFile(ctx.request.body);
          await next();
        },
      ],
    },
    async (ctx, { body, auth }) => {
      ctx.status = 201;
      ctx.body = toVoiceProfileDto(await importProfile(ctx.state.em, saverOf(auth), body));
    },
  );

  defineRoute(
    router,
    {
      method: 'patch',
      path: '/voice/profiles/:id',
      summary: 'Change a voice profile (a new version)',
      access: 'admin',
      params: { id: z.string() },
      body: updateVoiceProfileRequestSchema,
      responses: { 200: { description: 'The profile', schema: voiceProfileSchema } },
    },
    async (ctx, { params, body, auth }) => {
      const profile = await updateProfile(ctx.state.em, saverOf(auth), params.id, body);
      ctx.body = toVoiceProfileDto(profile);
    },
  );

  defineRoute(
    router,
    {
      method: 'delete',
      path: '/voice/profiles/:id',
      summary: 'Delete a voice profile',
      access: 'admin',
      params: { id: z.string() },
      responses: { 204: { description: 'Deleted' } },
    },
    async (ctx, { params }) => {
      await deleteProfile(ctx.state.em, params.id);
      ctx.status = 204;
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/voice/profiles/:id/make-default',
      summary: "Make a profile its agent's default",
      access: 'admin',
      params: { id: z.string() },
      responses: { 200: { description: 'The profile', schema: voiceProfileSchema } },
    },
    async (ctx, { params }) => {
      ctx.body = toVoiceProfileDto(await makeDefault(ctx.state.em, params.id));
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/voice/profiles/:id/export',
      summary: 'A voice profile as a JSON file',
      access: 'admin',
      params: { id: z.string() },
      responses: {
        200: { description: 'The file (Content-Disposition: attachment)', contentType: 'application/json' },
      },
    },
    async (ctx, { params }) => {
      const profile = await findProfile(ctx.state.em, params.id);
      ctx.attachment(exportFileName(profile));
      ctx.type = 'application/json';
      ctx.body = `${JSON.stringify(toVoiceProfileExport(profile), null, 2)}\n`;
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/voice/profiles/:id/versions',
      summary: "A voice profile's versions, newest first",
      access: 'admin',
      params: { id: z.string() },
      responses: { 200: { description: 'The versions', schema: z.array(voiceProfileVersionSchema) } },
    },
    async (ctx, { params }) => {
      ctx.body = (await listVersions(ctx.state.em, params.id)).map(toVoiceProfileVersionDto);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/voice/profiles/:id/versions/:version/restore',
      summary: 'Restore a version of a voice profile (as a new version)',
      access: 'admin',
      params: { id: z.string(), version: z.string() },
      responses: { 200: { description: 'The profile', schema: voiceProfileSchema } },
    },
    async (ctx, { params, auth }) => {
      const profile = await restoreVersion(ctx.state.em, saverOf(auth), params.id, params.version);
      ctx.body = toVoiceProfileDto(profile);
    },
  );

  defineRoute(
    router,
    {
      method: 'put',
      path: '/annie/config',
      summary: "Change Annie's system profile",
      access: 'admin',
      body: annieConfigRequestSchema,
      responses: { 200: { description: 'The system profile', schema: voiceProfileSchema } },
    },
    async (ctx, { body, auth }) => {
      ctx.body = toVoiceProfileDto(await updateAnnieConfig(ctx.state.em, saverOf(auth), body));
    },
  );

  return router;
}
