import type { OpenAIRealtimeWS } from 'openai/realtime/ws';
import type {
  RealtimeServerEvent,
  RealtimeSessionCreateRequest,
  RealtimeToolsConfig,
} from 'openai/resources/realtime/realtime';
import { type BridgeAudioFormat, durationMs } from './audio-format.ts';
import { runRequestedTool, type ToolRunner } from './realtime-tool-runner.ts';

/** The part of a live session that can change mid-call. */
export type RealtimeSessionUpdate = { type: 'realtime'; instructions?: string; tools?: RealtimeToolsConfig };

export type BridgeTranscriptEntry = { speaker: 'user' | 'assistant'; text: string };

/** Where a bridge delivers what the realtime side produces; the caller (panel, phone call) decides. */
export type BridgeHooks = {
  /** Assistant audio in the bridge's format, as it arrives. */
  onAudio: (chunk: Buffer) => void;
  /** Playback must stop now (the caller interrupted): Twilio's `clear`, the panel's flush. */
  onClearAudio?: () => void;
  /** The transcript sink: one final line per user utterance and per assistant reply. */
  onTranscript: (entry: BridgeTranscriptEntry) => void;
  runTool?: ToolRunner;
  /** The realtime side reported an error; the bridge carries on unless it also closed. */
  onError?: (message: string) => void;
  /** Called once, when either side ends the bridge. */
  onEnd?: (reason: string) => void;
};

type PlayingItem = { itemId: string; deliveredBytes: number; startedAt: number; truncated: boolean };

/**
 * Carries one conversation between a caller's audio stream and an OpenAI realtime session: audio in
 * both directions, transcripts out, tool calls through the runner, and barge-in (cancel the reply and
 * truncate what the caller has not heard, so the model's memory matches what was said).
 */
export class RealtimeBridge {
  private paused = false;
  private responding = false;
  private playing: PlayingItem | null = null;
  private ended = false;

  private readonly rt: OpenAIRealtimeWS;
  private readonly format: BridgeAudioFormat;
  private readonly hooks: BridgeHooks;

  constructor(rt: OpenAIRealtimeWS, format: BridgeAudioFormat, hooks: BridgeHooks) {
    this.rt = rt;
    this.format = format;
    this.hooks = hooks;
    rt.on('event', (event) => this.onServerEvent(event));
    rt.on('error', (error) => this.hooks.onError?.(error.message));
    rt.socket.on('close', () => this.finish('realtime session closed'));
  }

  /** Configures the session; `greet` asks the assistant to speak first. */
  start(session: RealtimeSessionCreateRequest, greet: boolean): void {
    this.rt.send({ type: 'session.update', session });
    if (greet) this.rt.send({ type: 'response.create' });
  }

  /**
   * Reconfigures the live session (the caller proved who they are: other instructions and tools).
   * Only the fields given change.
   */
  updateSession(session: RealtimeSessionUpdate): void {
    if (this.ended) return;
    this.rt.send({ type: 'session.update', session });
  }

  /** Tells the model something the app knows (not the caller's words), and lets it answer. */
  tellModel(note: string): void {
    if (this.ended) return;
    this.rt.send({
      type: 'conversation.item.create',
      item: { type: 'message', role: 'system', content: [{ type: 'input_text', text: note }] },
    });
    if (!this.responding) this.rt.send({ type: 'response.create' });
  }

  /** Caller audio, in the bridge's format; dropped while paused. */
  appendAudio(chunk: Buffer): void {
    if (this.paused || this.ended || chunk.length === 0) return;
    this.rt.send({ type: 'input_audio_buffer.append', audio: chunk.toString('base64') });
  }

  /** Stops listening (mute): what was half heard is discarded. */
  pause(): void {
    if (this.paused || this.ended) return;
    this.paused = true;
    this.rt.send({ type: 'input_audio_buffer.clear' });
  }

  resume(): void {
    this.paused = false;
  }

  get isPaused(): boolean {
    return this.paused;
  }

  /** Barge-in: stop the reply in progress and forget the part of it the caller did not hear. */
  interrupt(now = Date.now()): void {
    if (this.ended) return;
    if (this.responding) this.rt.send({ type: 'response.cancel' });
    this.responding = false;
    this.truncatePlaying(now);
  }

  close(reason = 'ended'): void {
    if (this.ended) return;
    this.rt.close({ code: 1000, reason: 'OK' });
    this.finish(reason);
  }

  private finish(reason: string): void {
    if (this.ended) return;
    this.ended = true;
    this.hooks.onEnd?.(reason);
  }

  private truncatePlaying(now: number): void {
    const item = this.playing;
    if (!item || item.truncated) return;
    const heardMs = Math.min(durationMs(item.deliveredBytes, this.format), Math.max(0, now - item.startedAt));
    item.truncated = true;
    this.rt.send({
      type: 'conversation.item.truncate',
      item_id: item.itemId,
      content_index: 0,
      audio_end_ms: heardMs,
    });
    this.hooks.onClearAudio?.();
  }

  private stillPlaying(now: number): boolean {
    const item = this.playing;
    return !!item && !item.truncated && now - item.startedAt < durationMs(item.deliveredBytes, this.format);
  }

  private onServerEvent(event: RealtimeServerEvent): void {
    switch (event.type) {
      case 'response.created':
        this.responding = true;
        break;
      case 'response.done':
        this.responding = false;
        break;
      case 'response.output_audio.delta': {
        if (this.playing?.itemId !== event.item_id) {
          this.playing = {
            itemId: event.item_id,
            deliveredBytes: 0,
            startedAt: Date.now(),
            truncated: false,
          };
        }
        if (this.playing.truncated) break;
        const chunk = Buffer.from(event.delta, 'base64');
        this.playing.deliveredBytes += chunk.length;
        this.hooks.onAudio(chunk);
        break;
      }
      case 'input_audio_buffer.speech_started':
        // Server VAD already cancels the reply; what the caller did not hear is ours to truncate.
        if (this.stillPlaying(Date.now())) this.truncatePlaying(Date.now());
        break;
      case 'conversation.item.input_audio_transcription.completed':
        if (event.transcript.trim())
          this.hooks.onTranscript({ speaker: 'user', text: event.transcript.trim() });
        break;
      case 'response.output_audio_transcript.done':
        if (event.transcript.trim())
          this.hooks.onTranscript({ speaker: 'assistant', text: event.transcript.trim() });
        break;
      case 'response.function_call_arguments.done':
        void runRequestedTool(this.rt, this.hooks.runTool, event);
        break;
      default:
        break;
    }
  }
}
