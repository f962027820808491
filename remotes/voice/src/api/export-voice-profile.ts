import { apiRequest } from '@annie/api-client/http';
import { routeUrl } from '@annie/contracts/route';
import { exportVoiceProfile as exportVoiceProfileRoute } from '@annie/contracts/voice-profiles-routes';

export type VoiceProfileExportFile = { filename: string; blob: Blob };

/** GET /api/voice/profiles/:id/export: the profile as `{name}-export.json` (a file, so not `callRoute`). */
export async function exportVoiceProfile(profile: {
  id: string;
  name: string;
}): Promise<VoiceProfileExportFile> {
  const response = await apiRequest('GET', routeUrl(exportVoiceProfileRoute, { params: { id: profile.id } }));
  return { filename: `${profile.name}-export.json`, blob: await response.blob() };
}
