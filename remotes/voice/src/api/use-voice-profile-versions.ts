import { callRoute } from '@annie/api-client/call-route';
import type { VoiceProfileVersion } from '@annie/contracts/voice-profiles';
import { listVoiceProfileVersions } from '@annie/contracts/voice-profiles-routes';
import { useQuery } from '@tanstack/react-query';
import { voiceProfilesQueryKey } from './use-voice-profiles.ts';

/** GET /api/voice/profiles/:id/versions: every saved state, newest first. */
export function getVoiceProfileVersions(id: string, signal?: AbortSignal): Promise<VoiceProfileVersion[]> {
  return callRoute(listVoiceProfileVersions, { params: { id } }, { signal });
}

/** A profile's history; under the profile key, so every save refreshes it. */
export function useVoiceProfileVersions(id: string | null) {
  return useQuery({
    queryKey: [...voiceProfilesQueryKey, 'versions', id],
    queryFn: ({ signal }) => getVoiceProfileVersions(id ?? '', signal),
    enabled: id !== null,
  });
}
