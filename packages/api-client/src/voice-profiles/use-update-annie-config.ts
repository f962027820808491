import {
  type AnnieConfigRequest,
  type VoiceProfile,
  voiceProfileSchema,
} from '../contracts/voice-profiles.ts';
import { apiJson } from '../http.ts';
import { useVoiceProfileMutation } from './use-voice-profile-mutation.ts';

/** PUT /api/annie/config: saves the system profile (annieai-system). */
export async function updateAnnieConfig(request: AnnieConfigRequest): Promise<VoiceProfile> {
  return voiceProfileSchema.parse(await apiJson<unknown>('PUT', '/api/annie/config', request));
}

export function useUpdateAnnieConfig() {
  return useVoiceProfileMutation(updateAnnieConfig);
}
