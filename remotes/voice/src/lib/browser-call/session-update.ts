import { FALLBACK_REALTIME_MODEL } from '@annie/contracts/voice-profiles';
import type { AiSessionConfig } from '@annie/contracts/voice-session';

/** The session configuration when GET /api/ai/session-config fails: the built-in defaults. */
export function defaultSessionConfig(assistantName: string): AiSessionConfig {
  return {
    systemPrompt:
      `You are ${assistantName}, executive assistant to one executive, and you serve that executive alone. ` +
      'You are concise and discreet. You never say or suggest that you are an AI. ' +
      `You may introduce yourself by your first name, ${assistantName}.`,
    voice: 'cedar',
    model: FALLBACK_REALTIME_MODEL,
    temperature: 0.9,
    knowledgeContext: null,
    personalityTraits: [],
    vadConfig: { threshold: 0.5, silenceDurationMs: 700, prefixPaddingMs: 300 },
  };
}

/** The instructions the model gets: the system prompt, then the knowledge context when the server sent one. */
function instructionsOf(config: AiSessionConfig): string {
  return config.knowledgeContext
    ? `${config.systemPrompt}\n\n## Knowledge\n${config.knowledgeContext}`
    : config.systemPrompt;
}

/** The server-side speech detection the call starts with: it answers by itself and yields when interrupted. */
export function turnDetectionOf(config: AiSessionConfig) {
  return {
    type: 'server_vad' as const,
    threshold: config.vadConfig.threshold,
    silence_duration_ms: config.vadConfig.silenceDurationMs,
    prefix_padding_ms: config.vadConfig.prefixPaddingMs,
    // An update replaces the whole turn detection: without this the profile's idle timeout would be lost.
    ...(config.vadConfig.idleTimeoutMs === undefined
      ? {}
      : { idle_timeout_ms: config.vadConfig.idleTimeoutMs }),
    create_response: true,
    interrupt_response: true,
  };
}

/**
 * The GA `session.update` that configures the call from the session config: instructions, voice and
 * server-side speech detection. The transcription model, the tools and the tool choice came with the
 * offer (the server posts the full session) and are left as they are: an update changes only the
 * fields it names.
 */
export function sessionUpdateEvent(config: AiSessionConfig) {
  return {
    type: 'session.update',
    session: {
      type: 'realtime',
      instructions: instructionsOf(config),
      audio: {
        input: { turn_detection: turnDetectionOf(config) },
        output: { voice: config.voice },
      },
    },
  };
}

/** The `session.update` sent when the call ends: no more speech detection, so nothing new starts. */
export const DISABLE_TURN_DETECTION_EVENT = {
  type: 'session.update',
  session: { type: 'realtime', audio: { input: { turn_detection: null } } },
} as const;

/** Asks the model for a spoken response (the greeting). */
export const RESPONSE_CREATE_EVENT = { type: 'response.create' } as const;
