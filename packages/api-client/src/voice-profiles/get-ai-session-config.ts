import { callRoute } from '../call-route.ts';
import { getAiSessionConfig as getAiSessionConfigRoute } from '../contracts/voice-profiles-routes.ts';
import type { AiSessionConfig } from '../contracts/voice-session.ts';

/** GET /api/ai/session-config: the default profile compiled for the realtime voice page. */
export function getAiSessionConfig(signal?: AbortSignal): Promise<AiSessionConfig> {
  return callRoute(getAiSessionConfigRoute, {}, { signal });
}
