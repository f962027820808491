import { callRoute } from '@annie/api-client/call-route';
import { getAiSessionConfig as getAiSessionConfigRoute } from '@annie/contracts/voice-profiles-routes';
import type { AiSessionConfig } from '@annie/contracts/voice-session';

/** GET /api/ai/session-config: the default profile compiled for the realtime voice page. */
export function getAiSessionConfig(signal?: AbortSignal): Promise<AiSessionConfig> {
  return callRoute(getAiSessionConfigRoute, {}, { signal });
}
