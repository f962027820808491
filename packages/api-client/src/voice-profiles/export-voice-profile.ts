import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../http.ts';

export type VoiceProfileExportFile = { filename: string; blob: Blob };

/** GET /api/voice/profiles/:id/export: the profile as `{name}-export.json`. */
export async function exportVoiceProfile(profile: {
  id: string;
  name: string;
}): Promise<VoiceProfileExportFile> {
  const response = await apiRequest('GET', `/api/voice/profiles/${encodeURIComponent(profile.id)}/export`);
  return { filename: `${profile.name}-export.json`, blob: await response.blob() };
}

/** Fetches a profile's export; the caller saves the file. */
export function useExportVoiceProfile() {
  return useMutation({ mutationFn: exportVoiceProfile });
}
