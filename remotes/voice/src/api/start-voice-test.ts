import { callRoute } from '@annie/api-client/call-route';
import { startVoiceTest as startVoiceTestRoute } from '@annie/contracts/voice-profiles-routes';
import type { VoiceTestSession } from '@annie/contracts/voice-session';

/** POST /api/voice/profiles/:id/test: a single-use WebSocket address for the test panel. */
export function startVoiceTest(profileId: string): Promise<VoiceTestSession> {
  return callRoute(startVoiceTestRoute, { params: { id: profileId } });
}
