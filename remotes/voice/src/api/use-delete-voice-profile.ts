import { callRoute } from '@annie/api-client/call-route';
import { deleteVoiceProfile as deleteVoiceProfileRoute } from '@annie/contracts/voice-profiles-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { voiceProfilesQueryKey } from './use-voice-profiles.ts';

/** DELETE /api/voice/profiles/:id. */
export async function deleteVoiceProfile(id: string): Promise<void> {
  await callRoute(deleteVoiceProfileRoute, { params: { id } });
}

/**
 * Deletes a profile and refreshes the list. The deleted one's version history is dropped from the
 * cache, not refetched: asking for it again would only earn a 404.
 */
export function useDeleteVoiceProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVoiceProfile,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: [...voiceProfilesQueryKey, 'versions', id], exact: true });
      return queryClient.invalidateQueries({ queryKey: voiceProfilesQueryKey });
    },
  });
}
