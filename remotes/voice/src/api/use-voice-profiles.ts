import { callRoute } from '@annie/api-client/call-route';
import { DEFAULT_AGENT_ID, type VoiceProfile } from '@annie/contracts/voice-profiles';
import { listVoiceProfiles } from '@annie/contracts/voice-profiles-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Query key of every profile query; each profile mutation invalidates it. */
export const voiceProfilesQueryKey = [listVoiceProfiles.path] as const;

/** GET /api/voice/profiles?agentId=…: the agent's profiles, the system profile first. */
export function getVoiceProfiles(agentId: string, signal?: AbortSignal): Promise<VoiceProfile[]> {
  return callRoute(listVoiceProfiles, { query: { agentId } }, { signal });
}

export function voiceProfilesQueryOptions(agentId = DEFAULT_AGENT_ID) {
  return queryOptions({
    queryKey: [...voiceProfilesQueryKey, agentId],
    queryFn: ({ signal }) => getVoiceProfiles(agentId, signal),
  });
}

/** The agent's voice profiles (admin only). */
export function useVoiceProfiles(agentId = DEFAULT_AGENT_ID) {
  return useQuery(voiceProfilesQueryOptions(agentId));
}
