import {
  type UpdateVoiceProfileRequest,
  type VoiceProfile,
  voiceProfileSchema,
} from '../contracts/voice-profiles.ts';
import { apiJson } from '../http.ts';
import { useVoiceProfileMutation } from './use-voice-profile-mutation.ts';

export type UpdateVoiceProfileVariables = { id: string; changes: UpdateVoiceProfileRequest };

/** PATCH /api/voice/profiles/:id: the changed fields. */
export async function updateVoiceProfile({
  id,
  changes,
}: UpdateVoiceProfileVariables): Promise<VoiceProfile> {
  const url = `/api/voice/profiles/${encodeURIComponent(id)}`;
  return voiceProfileSchema.parse(await apiJson<unknown>('PATCH', url, changes));
}

export function useUpdateVoiceProfile() {
  return useVoiceProfileMutation(updateVoiceProfile);
}
