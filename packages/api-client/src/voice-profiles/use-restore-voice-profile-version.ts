import { type VoiceProfile, voiceProfileSchema } from '../contracts/voice-profiles.ts';
import { apiJson } from '../http.ts';
import { useVoiceProfileMutation } from './use-voice-profile-mutation.ts';

/** POST /api/voice/profiles/:id/versions/:version/restore: saved again as the newest version. */
export async function restoreVoiceProfileVersion({
  id,
  version,
}: {
  id: string;
  version: number;
}): Promise<VoiceProfile> {
  const url = `/api/voice/profiles/${encodeURIComponent(id)}/versions/${version}/restore`;
  return voiceProfileSchema.parse(await apiJson<unknown>('POST', url));
}

export function useRestoreVoiceProfileVersion() {
  return useVoiceProfileMutation(restoreVoiceProfileVersion);
}
