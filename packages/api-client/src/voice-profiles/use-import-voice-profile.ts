import { type VoiceProfile, voiceProfileSchema } from '../contracts/voice-profiles.ts';
import { apiJson } from '../http.ts';
import { useVoiceProfileMutation } from './use-voice-profile-mutation.ts';

/** POST /api/voice/profiles/import: the chosen file's text, which must be JSON (else it throws). */
export async function importVoiceProfile(fileText: string): Promise<VoiceProfile> {
  const parsed: unknown = JSON.parse(fileText);
  return voiceProfileSchema.parse(await apiJson<unknown>('POST', '/api/voice/profiles/import', parsed));
}

export function useImportVoiceProfile() {
  return useVoiceProfileMutation(importVoiceProfile);
}
