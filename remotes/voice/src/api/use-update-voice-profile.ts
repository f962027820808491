import { callRoute } from '@annie/api-client/call-route';
import type { UpdateVoiceProfileRequest, VoiceProfile } from '@annie/contracts/voice-profiles';
import { updateVoiceProfile as updateVoiceProfileRoute } from '@annie/contracts/voice-profiles-routes';
import { useVoiceProfileMutation } from './use-voice-profile-mutation.ts';

export type UpdateVoiceProfileVariables = { id: string; changes: UpdateVoiceProfileRequest };

/** PATCH /api/voice/profiles/:id: the changed fields. */
export function updateVoiceProfile({ id, changes }: UpdateVoiceProfileVariables): Promise<VoiceProfile> {
  return callRoute(updateVoiceProfileRoute, { params: { id }, body: changes });
}

export function useUpdateVoiceProfile() {
  return useVoiceProfileMutation(updateVoiceProfile);
}
