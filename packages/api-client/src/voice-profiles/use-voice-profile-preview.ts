import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PreviewVoiceProfileRequest } from '../contracts/voice-profiles.ts';
import { type CompiledVoiceSession, compiledVoiceSessionSchema } from '../contracts/voice-session.ts';
import { apiJson } from '../http.ts';

/** POST /api/voice/profiles/preview: the editor's unsaved fields compiled as a session would be. */
export async function previewVoiceProfile(
  request: PreviewVoiceProfileRequest,
  signal?: AbortSignal,
): Promise<CompiledVoiceSession> {
  return compiledVoiceSessionSchema.parse(
    await apiJson<unknown>('POST', '/api/voice/profiles/preview', request, { signal }),
  );
}

/** The Preview tab's compiled instructions and turn detection, keyed by the fields shown. */
export function useVoiceProfilePreview(request: PreviewVoiceProfileRequest, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/voice/profiles/preview', request],
    queryFn: ({ signal }) => previewVoiceProfile(request, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
