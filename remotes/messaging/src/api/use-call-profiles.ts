import { useAuthUser } from '@annie/api-client/auth/use-auth-user';
import { callRoute } from '@annie/api-client/call-route';
import { DEFAULT_AGENT_ID } from '@annie/contracts/voice-profiles';
import { listVoiceProfiles } from '@annie/contracts/voice-profiles-routes';
import { useQuery } from '@tanstack/react-query';

/**
 * The voice profiles a call may speak with, for an administrator (only they may list profiles; anyone
 * else's calls speak with the active one). Keyed like the Voice Console's list, so its changes show here.
 */
export function useCallProfiles() {
  const isAdmin = useAuthUser().data?.isAdmin === true;
  return useQuery({
    queryKey: [listVoiceProfiles.path, DEFAULT_AGENT_ID],
    queryFn: ({ signal }) =>
      callRoute(listVoiceProfiles, { query: { agentId: DEFAULT_AGENT_ID } }, { signal }),
    enabled: isAdmin,
    select: (profiles) => profiles.filter((profile) => !profile.isSystemProfile),
  });
}
