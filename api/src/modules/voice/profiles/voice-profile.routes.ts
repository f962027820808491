import type * as contract from '@annie/contracts/voice-profiles-routes';
import type { AuthContext } from '../../../http/app-state.ts';
import type { SomeRouteHandlers } from '../../../http/define-route.ts';
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
export function voiceProfileHandlers() {
  // The file is written here (an attachment, pretty-printed), not returned as a JSON answer.

  return {
    listVoiceProfiles: async (ctx, { query: { agentId }, auth }) => ({
      status: 200,
      body: (await listProfiles(ctx.state.em, saverOf(auth), agentId)).map(toVoiceProfileDto),
    }),
    createVoiceProfile: async (ctx, { body, auth }) => {
      return { status: 201, body: toVoiceProfileDto(await createProfile(ctx.state.em, saverOf(auth), body)) };
    },
    importVoiceProfile: {
      // A file that is not an export is refused with what is wrong in it and its own code, before the
      // declaration's generic 400 could answer it.
      before: [
        async (ctx, next) => {
          readImportFile(ctx.request.body);
          await next();
        },
      ],
      handle: async (ctx, { body, auth }) => {
        return {
          status: 201,
          body: toVoiceProfileDto(await importProfile(ctx.state.em, saverOf(auth), body)),
        };
      },
    },
    updateVoiceProfile: async (ctx, { params, body, auth }) => ({
      status: 200,
      body: toVoiceProfileDto(await updateProfile(ctx.state.em, saverOf(auth), params.id, body)),
    }),
    deleteVoiceProfile: async (ctx, { params }) => {
      await deleteProfile(ctx.state.em, params.id);
      return { status: 204 };
    },
    makeDefaultVoiceProfile: async (ctx, { params }) => ({
      status: 200,
      body: toVoiceProfileDto(await makeDefault(ctx.state.em, params.id)),
    }),
    exportVoiceProfile: async (ctx, { params }) => {
      const profile = await findProfile(ctx.state.em, params.id);
      ctx.attachment(exportFileName(profile));
      ctx.type = 'application/json';
      return { status: 200, body: `${JSON.stringify(toVoiceProfileExport(profile), null, 2)}\n` };
    },
    listVoiceProfileVersions: async (ctx, { params }) => ({
      status: 200,
      body: (await listVersions(ctx.state.em, params.id)).map(toVoiceProfileVersionDto),
    }),
    restoreVoiceProfileVersion: async (ctx, { params, auth }) => ({
      status: 200,
      body: toVoiceProfileDto(await restoreVersion(ctx.state.em, saverOf(auth), params.id, params.version)),
    }),
    updateAnnieConfig: async (ctx, { body, auth }) => ({
      status: 200,
      body: toVoiceProfileDto(await updateAnnieConfig(ctx.state.em, saverOf(auth), body)),
    }),
  } satisfies SomeRouteHandlers<typeof contract>;
}
