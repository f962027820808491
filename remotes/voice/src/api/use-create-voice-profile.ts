import { callRoute } from '@annie/api-client/call-route';
import type { CreateVoiceProfileRequest, VoiceProfile } from '@annie/contracts/voice-profiles';
import { createVoiceProfile as createVoiceProfileRoute } from '@annie/contracts/voice-profiles-routes';
import { useVoiceProfileMutation } from './use-voice-profile-mutation.ts';

/** POST /api/voice/profiles: the profile fields plus agentId. */
export function createVoiceProfile(request: CreateVoiceProfileRequest): Promise<VoiceProfile> {
  return callRoute(createVoiceProfileRoute, { body: request });
}

export function useCreateVoiceProfile() {
  return useVoiceProfileMutation(createVoiceProfile);
}
