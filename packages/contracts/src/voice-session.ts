import { z } from 'zod';
import { callFiguresSchema } from './usage.ts';

/** The turn-detection JSON shown on the Preview tab and sent to the realtime session. */
export const turnDetectionSchema = z.strictObject({
  type: z.literal('server_vad'),
  threshold: z.number(),
  prefix_padding_ms: z.number().int(),
  silence_duration_ms: z.number().int(),
  idle_timeout_ms: z.number().int(),
});

/**
 * A profile compiled for GPT-Live: the short conversation prompt (the Live prompting template's
 * headings) for the voice model, and the Responses backend it delegates to, whose instructions are the
 * compiled session's `instructions`.
 */
export const compiledLiveSessionSchema = z.strictObject({
  model: z.string(),
  voice: z.string(),
  conversationPrompt: z.string(),
  backendModel: z.string(),
  acknowledgementDelayMs: z.number().int(),
});

/** What a profile compiles to: POST /api/voice/profiles/preview answers exactly this. */
export const compiledVoiceSessionSchema = z.strictObject({
  instructions: z.string(),
  voice: z.string(),
  model: z.string(),
  temperature: z.number(),
  /** Pace mapped onto the realtime speech speed. */
  speed: z.number(),
  turnDetection: turnDetectionSchema,
  transcriptionModel: z.string(),
  engine: z.enum(['realtime', 'live']),
  /** The chance, in percent, that a call runs on the other engine instead. */
  engineSplitPercent: z.number().min(0).max(100),
  live: compiledLiveSessionSchema,
});

/** GET /api/ai/session-config: the default profile compiled for the voice page. */
export const aiSessionConfigSchema = z.strictObject({
  systemPrompt: z.string(),
  voice: z.string(),
  model: z.string(),
  temperature: z.number(),
  /** Not filled by the profiles module; null until the knowledge base feeds it. */
  knowledgeContext: z.string().nullable(),
  personalityTraits: z.array(z.string()),
  vadConfig: z.strictObject({
    threshold: z.number(),
    silenceDurationMs: z.number().int(),
    prefixPaddingMs: z.number().int(),
    /** The profile's idle timeout, so the page's session.update keeps it; may be absent. */
    idleTimeoutMs: z.number().int().optional(),
  }),
});

/** POST /api/voice/profiles/:id/test. */
export const voiceTestSessionSchema = z.strictObject({
  sessionId: z.string(),
  websocketUrl: z.string(),
  expiresAt: z.iso.datetime(),
});

export const TEST_SPEAKERS = ['user', 'assistant', 'system'] as const;

/**
 * Text frames the test WebSocket sends. Binary frames carry the assistant's audio, PCM16 24 kHz mono.
 * `error` means the realtime side failed and the session is over.
 */
export const voiceTestServerMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('transcript'), speaker: z.enum(TEST_SPEAKERS), text: z.string() }),
  z.strictObject({ type: z.literal('audio_level'), level: z.number().min(0).max(100) }),
  z.strictObject({ type: z.literal('error'), message: z.string() }),
  /** What the test call measured so far (after each response): latency per turn, tools, tokens, cost. */
  z.strictObject({ type: z.literal('figures'), figures: callFiguresSchema }),
]);

/** Text frames the browser sends; binary frames carry its microphone, PCM16 24 kHz mono. */
export const voiceTestClientMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('pause_audio') }),
  z.strictObject({ type: z.literal('resume_audio') }),
  z.strictObject({ type: z.literal('interrupt'), timestamp: z.number() }),
]);

export type TurnDetection = z.infer<typeof turnDetectionSchema>;
export type CompiledVoiceSession = z.infer<typeof compiledVoiceSessionSchema>;
export type CompiledLiveSession = z.infer<typeof compiledLiveSessionSchema>;
export type AiSessionConfig = z.infer<typeof aiSessionConfigSchema>;
export type VoiceTestSession = z.infer<typeof voiceTestSessionSchema>;
export type VoiceTestServerMessage = z.infer<typeof voiceTestServerMessageSchema>;
export type VoiceTestClientMessage = z.infer<typeof voiceTestClientMessageSchema>;
