import * as contract from '@annie/contracts/voice-profiles-routes';
import Router from '@koa/router';
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

  defineRoute(router, contract.listVoiceProfiles, async (ctx, { query: { agentId }, auth }) =>
    (await listProfiles(ctx.state.em, saverOf(auth), agentId)).map(toVoiceProfileDto),
  );

  defineRoute(router, contract.createVoiceProfile, async (ctx, { body, auth }) => {
    ctx.status = 201;
    return toVoiceProfileDto(await createProfile(ctx.state.em, saverOf(auth), body));
  });

  defineRoute(
    router,
    contract.importVoiceProfile,
    {
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
      return toVoiceProfileDto(await importProfile(ctx.state.em, saverOf(auth), body));
    },
  );

  defineRoute(router, contract.updateVoiceProfile, async (ctx, { params, body, auth }) =>
    toVoiceProfileDto(await updateProfile(ctx.state.em, saverOf(auth), params.id, body)),
  );

  defineRoute(router, contract.deleteVoiceProfile, async (ctx, { params }) => {
    await deleteProfile(ctx.state.em, params.id);
    ctx.status = 204;
  });

  defineRoute(router, contract.makeDefaultVoiceProfile, async (ctx, { params }) =>
    toVoiceProfileDto(await makeDefault(ctx.state.em, params.id)),
  );

  // The file is written here (an attachment, pretty-printed), not returned as a JSON answer.
  defineRoute(router, contract.exportVoiceProfile, async (ctx, { params }) => {
    const profile = await findProfile(ctx.state.em, params.id);
    ctx.attachment(exportFileName(profile));
    ctx.type = 'application/json';
    ctx.body = `${JSON.stringify(toVoiceProfileExport(profile), null, 2)}\n`;
  });

  defineRoute(router, contract.listVoiceProfileVersions, async (ctx, { params }) =>
    (await listVersions(ctx.state.em, params.id)).map(toVoiceProfileVersionDto),
  );

  defineRoute(router, contract.restoreVoiceProfileVersion, async (ctx, { params, auth }) =>
    toVoiceProfileDto(await restoreVersion(ctx.state.em, saverOf(auth), params.id, params.version)),
  );

  defineRoute(router, contract.updateAnnieConfig, async (ctx, { body, auth }) =>
    toVoiceProfileDto(await updateAnnieConfig(ctx.state.em, saverOf(auth), body)),
  );

  return router;
}
