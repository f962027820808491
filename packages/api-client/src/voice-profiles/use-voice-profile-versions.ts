import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type VoiceProfileVersion, voiceProfileVersionSchema } from '../contracts/voice-profiles.ts';
import { apiJson } from '../http.ts';
import { voiceProfilesQueryKey } from './use-voice-profiles.ts';

/** GET /api/voice/profiles/:id/versions: every saved state, newest first. */
export async function getVoiceProfileVersions(
  id: string,
  signal?: AbortSignal,
): Promise<VoiceProfileVersion[]> {
  const url = `/api/voice/profiles/${encodeURIComponent(id)}/versions`;
  return z.array(voiceProfileVersionSchema).parse(await apiJson<unknown>('GET', url, undefined, { signal }));
}

/** A profile's history; under the profile key, so every save refreshes it. */
export function useVoiceProfileVersions(id: string | null) {
  return useQuery({
    queryKey: [...voiceProfilesQueryKey, 'versions', id],
    queryFn: ({ signal }) => getVoiceProfileVersions(id ?? '', signal),
    enabled: id !== null,
  });
}
