import {
  type CreateVoiceProfileRequest,
  type VoiceProfile,
  voiceProfileSchema,
} from '../contracts/voice-profiles.ts';
import { apiJson } from '../http.ts';
import { useVoiceProfileMutation } from './use-voice-profile-mutation.ts';

/** POST /api/voice/profiles: the profile fields plus agentId. */
export async function createVoiceProfile(request: CreateVoiceProfileRequest): Promise<VoiceProfile> {
  return voiceProfileSchema.parse(await apiJson<unknown>('POST', '/api/voice/profiles', request));
}

export function useCreateVoiceProfile() {
  return useVoiceProfileMutation(createVoiceProfile);
}
