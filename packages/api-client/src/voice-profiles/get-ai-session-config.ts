import { type AiSessionConfig, aiSessionConfigSchema } from '../contracts/voice-session.ts';
import { apiJson } from '../http.ts';

/** GET /api/ai/session-config: the default profile compiled for the realtime voice page. */
export async function getAiSessionConfig(signal?: AbortSignal): Promise<AiSessionConfig> {
  return aiSessionConfigSchema.parse(
    await apiJson<unknown>('GET', '/api/ai/session-config', undefined, { signal }),
  );
}
