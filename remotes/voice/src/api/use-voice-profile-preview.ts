import { callRoute } from '@annie/api-client/call-route';
import type { PreviewVoiceProfileRequest } from '@annie/contracts/voice-profiles';
import { previewVoiceProfile as previewRoute } from '@annie/contracts/voice-profiles-routes';
import type { CompiledVoiceSession } from '@annie/contracts/voice-session';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** POST /api/voice/profiles/preview: the editor's unsaved fields compiled as a session would be. */
export function previewVoiceProfile(
  request: PreviewVoiceProfileRequest,
  signal?: AbortSignal,
): Promise<CompiledVoiceSession> {
  return callRoute(previewRoute, { body: request }, { signal });
}

/** The Preview tab's compiled instructions and turn detection, keyed by the fields shown. */
export function useVoiceProfilePreview(request: PreviewVoiceProfileRequest, enabled: boolean) {
  return useQuery({
    queryKey: [previewRoute.path, request],
    queryFn: ({ signal }) => previewVoiceProfile(request, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
