import { callRoute } from '@annie/api-client/call-route';
import type { VoiceProfile } from '@annie/contracts/voice-profiles';
import { makeDefaultVoiceProfile as makeDefaultRoute } from '@annie/contracts/voice-profiles-routes';
import { useVoiceProfileMutation } from './use-voice-profile-mutation.ts';

/** POST /api/voice/profiles/:id/make-default: the one default of its agent from now on. */
export function makeDefaultVoiceProfile(id: string): Promise<VoiceProfile> {
  return callRoute(makeDefaultRoute, { params: { id } });
}

export function useMakeDefaultVoiceProfile() {
  return useVoiceProfileMutation(makeDefaultVoiceProfile);
}
