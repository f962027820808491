import { callRoute } from '@annie/api-client/call-route';
import type { AnnieConfigRequest, VoiceProfile } from '@annie/contracts/voice-profiles';
import { updateAnnieConfig as updateAnnieConfigRoute } from '@annie/contracts/voice-profiles-routes';
import { useVoiceProfileMutation } from './use-voice-profile-mutation.ts';

/** PUT /api/annie/config: saves the system profile (annieai-system). */
export function updateAnnieConfig(request: AnnieConfigRequest): Promise<VoiceProfile> {
  return callRoute(updateAnnieConfigRoute, { body: request });
}

export function useUpdateAnnieConfig() {
  return useVoiceProfileMutation(updateAnnieConfig);
}
