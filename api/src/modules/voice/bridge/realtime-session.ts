import type { CompiledVoiceSession } from '@annie/contracts/voice-session';
import type { RealtimeSessionCreateRequest, RealtimeToolsConfig } from 'openai/resources/realtime/realtime';
import { type BridgeAudioFormat, sessionFormatOf } from './audio-format.ts';

/**
 * The GA realtime session for a compiled profile: instructions, voice and speed,
 * server VAD that answers and yields when interrupted, and transcription of the caller's words.
 * The GA session has no temperature; the compiled temperature stays for GET /api/ai/session-config.
 */
export function toRealtimeSession(
  compiled: CompiledVoiceSession,
  format: BridgeAudioFormat | null,
  tools: RealtimeToolsConfig = [],
): RealtimeSessionCreateRequest {
  // A WebRTC call (format null) carries Opus negotiated in the SDP: the session names no audio format.
  const formatOf = format ? { format: sessionFormatOf(format) } : {};
  return {
    type: 'realtime',
    model: compiled.model,
    instructions: compiled.instructions,
    output_modalities: ['audio'],
    audio: {
      input: {
        ...formatOf,
        transcription: { model: compiled.transcriptionModel },
        turn_detection: { ...compiled.turnDetection, create_response: true, interrupt_response: true },
      },
      output: { ...formatOf, voice: compiled.voice, speed: compiled.speed },
    },
    tools,
    tool_choice: 'auto',
  };
}
