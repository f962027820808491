import type { CompiledVoiceSession } from '@annie/api-client/contracts/voice-session';
import type { RealtimeSessionCreateRequest, RealtimeToolsConfig } from 'openai/resources/realtime/realtime';
import { type BridgeAudioFormat, sessionFormatOf } from './audio-format.ts';

/**
 * The GA realtime session for a compiled profile (ARCHITECTURE.md §6): instructions, voice and speed,
 * server VAD that answers and yields when interrupted, and transcription of the caller's words.
 * The GA session has no temperature; the compiled temperature stays for GET /api/ai/session-config.
 */
export function toRealtimeSession(
  compiled: CompiledVoiceSession,
  format: BridgeAudioFormat,
  tools: RealtimeToolsConfig = [],
): RealtimeSessionCreateRequest {
  return {
    type: 'realtime',
    model: compiled.model,
    instructions: compiled.instructions,
    output_modalities: ['audio'],
    audio: {
      input: {
        format: sessionFormatOf(format),
        transcription: { model: compiled.transcriptionModel },
        turn_detection: { ...compiled.turnDetection, create_response: true, interrupt_response: true },
      },
      output: { format: sessionFormatOf(format), voice: compiled.voice, speed: compiled.speed },
    },
    tools,
    tool_choice: 'auto',
  };
}
