import { apiRequest } from '../http.ts';
import { useVoiceProfileMutation } from './use-voice-profile-mutation.ts';

/** DELETE /api/voice/profiles/:id. */
export async function deleteVoiceProfile(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/voice/profiles/${encodeURIComponent(id)}`);
}

export function useDeleteVoiceProfile() {
  return useVoiceProfileMutation(deleteVoiceProfile);
}
