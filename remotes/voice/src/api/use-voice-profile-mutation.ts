import { type MutationFunction, useMutation, useQueryClient } from '@tanstack/react-query';
import { voiceProfilesQueryKey } from './use-voice-profiles.ts';

/** A profile mutation that refetches the profile list afterwards. */
export function useVoiceProfileMutation<TResult, TVariables>(
  mutationFn: MutationFunction<TResult, TVariables>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: voiceProfilesQueryKey }),
  });
}
