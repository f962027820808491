import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { DEFAULT_AGENT_ID, type VoiceProfile, voiceProfileSchema } from '../contracts/voice-profiles.ts';
import { apiJson } from '../http.ts';

/** Query key of every profile query; each profile mutation invalidates it. */
export const voiceProfilesQueryKey = ['/api/voice/profiles'] as const;

/** GET /api/voice/profiles?agentId=…: the agent's profiles, the system profile first. */
export async function getVoiceProfiles(agentId: string, signal?: AbortSignal): Promise<VoiceProfile[]> {
  const url = `/api/voice/profiles?agentId=${encodeURIComponent(agentId)}`;
  return z.array(voiceProfileSchema).parse(await apiJson<unknown>('GET', url, undefined, { signal }));
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
