import { useMutation } from '@tanstack/react-query';
import { type VoiceTestSession, voiceTestSessionSchema } from '../contracts/voice-session.ts';
import { apiJson } from '../http.ts';

/** POST /api/voice/profiles/:id/test: a single-use WebSocket address for the test panel. */
export async function startVoiceTest(profileId: string): Promise<VoiceTestSession> {
  const url = `/api/voice/profiles/${encodeURIComponent(profileId)}/test`;
  return voiceTestSessionSchema.parse(await apiJson<unknown>('POST', url));
}

export function useStartVoiceTest() {
  return useMutation({ mutationFn: startVoiceTest });
}
