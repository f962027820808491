import type { CompiledVoiceSession } from '@annie/contracts/voice-session';
import type {
  DataChannelConfig,
  FunctionTool,
  InitialItem,
  MediaSessionConfig,
  SessionConfig,
} from 'openai/resources/live/live';
import type { RealtimeToolsConfig } from 'openai/resources/realtime/realtime';
import { type BridgeAudioFormat, PCM16_24K } from '../audio-format.ts';
import type { SeedTurn } from '../call-engine.ts';

/** GPT-Live takes at most 128 startup messages (the SDK's MediaSessionConfig.input). */
const HISTORY_MAX = 128;

/** The function tools of a Realtime tool list, as GPT-Live's Responses backend takes them. */
export function toLiveTools(tools: RealtimeToolsConfig = []): FunctionTool[] {
  return tools.flatMap((tool) =>
    tool.type === 'function' && tool.name
      ? [
          {
            type: 'function' as const,
            name: tool.name,
            description: tool.description ?? null,
            parameters: (tool.parameters as Record<string, unknown> | undefined) ?? null,
          },
        ]
      : [],
  );
}

/** An earlier call's turns as GPT-Live's startup history: one text part each, the latest 128. */
export function toLiveHistory(history: readonly SeedTurn[]): InitialItem[] {
  return history
    .slice(-HISTORY_MAX)
    .map(
      (turn): InitialItem =>
        turn.speaker === 'user'
          ? { type: 'message', role: 'user', content: [{ type: 'input_text', text: turn.text }] }
          : { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: turn.text }] },
    );
}

/**
 * The `session.start` of a call on GPT-Live: the voice model gets the short conversation prompt and the
 * profile's voice; reasoning and every tool go to the Responses backend, whose instructions are the
 * profile's full compiled instructions (the brief, the party's rules, third-party content). A phone call
 * carries Twilio's μ-law unchanged; the format applies to both directions.
 */
export function toLiveSessionStart(
  compiled: CompiledVoiceSession,
  format: BridgeAudioFormat,
  tools: RealtimeToolsConfig | undefined,
  history: readonly SeedTurn[] = [],
): SessionConfig {
  const live = compiled.live;
  return {
    model: live.model,
    instructions: live.conversationPrompt,
    audio: {
      format:
        format.type === 'audio/pcmu'
          ? { type: 'audio/pcmu', rate: 8000 }
          : { type: 'audio/pcm', rate: 24000 },
      output: { voice: live.voice },
    },
    delegation: {
      type: 'responses',
      acknowledgement_delay_ms: live.acknowledgementDelayMs,
      responses: { model: live.backendModel, instructions: compiled.instructions, tools: toLiveTools(tools) },
    },
    ...(history.length > 0 ? { input: toLiveHistory(history) } : {}),
  };
}

/**
 * What a browser's data channel may do on a GPT-Live call: send no client event (the server runs the
 * session over its sideband) and receive only the transcript deltas the page shows.
 */
export const BROWSER_DATA_CHANNEL: DataChannelConfig = {
  allowed_client_events: [],
  allowed_server_events: [
    { type: 'session.input_transcript.delta' },
    { type: 'session.output_transcript.delta' },
  ],
};

/**
 * The `client.live.create` session of a browser call on GPT-Live: the phone's session without an audio
 * format (WebRTC negotiates it) and with the browser's data channel restricted.
 */
export function toLiveBrowserSession(
  compiled: CompiledVoiceSession,
  tools: RealtimeToolsConfig | undefined,
): MediaSessionConfig {
  const { audio: _format, ...start } = toLiveSessionStart(compiled, PCM16_24K, tools);
  return {
    ...start,
    audio: { output: { voice: compiled.live.voice } },
    client: { data_channel: BROWSER_DATA_CHANNEL },
  };
}
