import { type VoiceProfile, voiceProfileSchema } from '../contracts/voice-profiles.ts';
import { apiJson } from '../http.ts';
import { useVoiceProfileMutation } from './use-voice-profile-mutation.ts';

/** POST /api/voice/profiles/:id/make-default: the one default of its agent from now on. */
export async function makeDefaultVoiceProfile(id: string): Promise<VoiceProfile> {
  const url = `/api/voice/profiles/${encodeURIComponent(id)}/make-default`;
  return voiceProfileSchema.parse(await apiJson<unknown>('POST', url));
}

export function useMakeDefaultVoiceProfile() {
  return useVoiceProfileMutation(makeDefaultVoiceProfile);
}
