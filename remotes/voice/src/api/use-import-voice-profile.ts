import { callRoute } from '@annie/api-client/call-route';
import type { ImportVoiceProfileRequest, VoiceProfile } from '@annie/contracts/voice-profiles';
import { importVoiceProfile as importVoiceProfileRoute } from '@annie/contracts/voice-profiles-routes';
import { useVoiceProfileMutation } from './use-voice-profile-mutation.ts';

/**
 * POST /api/voice/profiles/import: the chosen file's text, which must be JSON (else it throws). The
 * server checks it is an export (and says what is wrong in it when it is not), so it is sent as read.
 */
export function importVoiceProfile(fileText: string): Promise<VoiceProfile> {
  const parsed = JSON.parse(fileText) as ImportVoiceProfileRequest;
  return callRoute(importVoiceProfileRoute, { body: parsed });
}

export function useImportVoiceProfile() {
  return useVoiceProfileMutation(importVoiceProfile);
}
