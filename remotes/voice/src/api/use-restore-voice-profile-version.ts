import { callRoute } from '@annie/api-client/call-route';
import type { VoiceProfile } from '@annie/contracts/voice-profiles';
import { restoreVoiceProfileVersion as restoreRoute } from '@annie/contracts/voice-profiles-routes';
import { useVoiceProfileMutation } from './use-voice-profile-mutation.ts';

/** POST /api/voice/profiles/:id/versions/:version/restore: saved again as the newest version. */
export function restoreVoiceProfileVersion({
  id,
  version,
}: {
  id: string;
  version: number;
}): Promise<VoiceProfile> {
  return callRoute(restoreRoute, { params: { id, version: String(version) } });
}

export function useRestoreVoiceProfileVersion() {
  return useVoiceProfileMutation(restoreVoiceProfileVersion);
}
