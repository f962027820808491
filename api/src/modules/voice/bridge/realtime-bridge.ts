import type { OpenAIRealtimeWS } from 'openai/realtime/ws';
import type { RealtimeServerEvent, RealtimeSessionCreateRequest } from 'openai/resources/realtime/realtime';
import { type BridgeAudioFormat, durationMs } from './audio-format.ts';
import type { BridgeHooks, RealtimeSessionUpdate } from './bridge-hooks.ts';
import { CallFigures } from './call-figures.ts';
import { ToolTurns } from './realtime-tool-runner.ts';
import { type BridgeTranscriptEntry, SpokenReply, TranscriptOrder } from './realtime-transcript.ts';

export type { BridgeHooks, RealtimeSessionUpdate } from './bridge-hooks.ts';
export type { BridgeTranscriptEntry } from './realtime-transcript.ts';

type PlayingItem = {
  itemId: string;
  deliveredBytes: number;
  startedAt: number;
  truncated: boolean;
  /** How much of the item the caller heard, once it was truncated. */
  heardMs?: number;
};

/**
 * Carries one conversation between a caller's audio stream and an OpenAI realtime session: audio in
 * both directions, transcripts out, tool calls through the runner, and barge-in (cancel the reply and
 * truncate what the caller has not heard, so the model's memory matches what was said).
 */
export class RealtimeBridge {
  private paused = false;
  /** A response is asked for or running: from our response.create (or the server's response.created) to response.done. */
  private responding = false;
  /** A response is wanted once the running one is done (a note for the model, or the turn after tools). */
  private queued: 'note' | 'after-tools' | null = null;
  /** The closing line the app asked for (sayGoodbyeAndEnd): asked once no response runs, then the end. */
  private goodbye: {
    instructions: string;
    responseId: string | null;
    asked: boolean;
    said: () => void;
  } | null = null;
  private playing: PlayingItem | null = null;
  private ended = false;
  /** A response.create was sent after tool outputs, and the response it made (while it runs). */
  private followUpAsked = false;
  private followUpResponse: string | null = null;
  /** The reply items of the response in progress, with their words and audio. */
  private readonly replies = new Map<string, { responseId: string; reply: SpokenReply }>();
  private readonly order: TranscriptOrder;
  private readonly tools: ToolTurns;
  /** A finished reply still playing: its line waits for the end of playback, or for a barge-in. */
  private unheard: { itemId: string; reply: SpokenReply; timer: NodeJS.Timeout } | null = null;
  /** Response latency, barge-ins, tool runs and token usage of this call. */
  readonly figures = new CallFigures();

  private readonly rt: OpenAIRealtimeWS;
  private readonly format: BridgeAudioFormat;
  private readonly hooks: BridgeHooks;

  constructor(rt: OpenAIRealtimeWS, format: BridgeAudioFormat, hooks: BridgeHooks) {
    this.rt = rt;
    this.format = format;
    this.hooks = hooks;
    this.order = new TranscriptOrder((entry) => hooks.onTranscript(entry));
    const runTool = hooks.runTool && this.figures.timeTools(hooks.runTool);
    this.tools = new ToolTurns(rt, runTool, () => this.askResponse('after-tools'));
    rt.on('event', (event) => this.onServerEvent(event));
    rt.on('error', (error) => this.hooks.onError?.(error.message));
    rt.socket.on('close', () => this.finish('realtime session closed'));
  }

  /**
   * Configures the session; `greet` asks the assistant to speak first. The model is not part of the
   * update: the connection's URL created the session with it, and an update may not change it.
   */
  start(session: RealtimeSessionCreateRequest, greet: boolean, history: BridgeTranscriptEntry[] = []): void {
    const { model: _model, ...update } = session;
    this.rt.send({ type: 'session.update', session: update });
    // A resumed call: the model hears what was already said, as said (text, not audio).
    for (const entry of history) {
      this.rt.send({
        type: 'conversation.item.create',
        item:
          entry.speaker === 'user'
            ? { type: 'message', role: 'user', content: [{ type: 'input_text', text: entry.text }] }
            : { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: entry.text }] },
      });
    }
    if (greet) this.askResponse('note');
  }

  /**
   * The app must end the conversation (the server is restarting, a limit): once the reply in progress
   * is done, the assistant says a short closing line following `instructions`, the caller is no longer
   * listened to, and the bridge ends once that line has played. Resolves when the line is generated
   * (a phone call then marks its end in Twilio's playback), at once if the bridge has ended.
   */
  sayGoodbyeAndEnd(instructions: string): Promise<void> {
    if (this.ended) return Promise.resolve();
    if (this.goodbye) return new Promise((resolve) => this.onGoodbye(resolve));
    return new Promise((resolve) => {
      this.goodbye = { instructions, responseId: null, asked: false, said: resolve };
      this.paused = true;
      this.rt.send({ type: 'input_audio_buffer.clear' });
      if (!this.responding) this.askGoodbye();
    });
  }

  private onGoodbye(resolve: () => void): void {
    const goodbye = this.goodbye;
    if (!goodbye) {
      resolve();
      return;
    }
    const said = goodbye.said;
    goodbye.said = () => {
      said();
      resolve();
    };
  }

  private askGoodbye(): void {
    const goodbye = this.goodbye;
    if (!goodbye || goodbye.asked || this.ended) return;
    goodbye.asked = true;
    this.responding = true;
    this.queued = null;
    this.rt.send({
      type: 'response.create',
      response: { instructions: goodbye.instructions, tool_choice: 'none' },
    });
  }

  /** The closing line is done: the bridge ends once the caller has heard it. */
  private goodbyeDone(): void {
    const goodbye = this.goodbye;
    if (!goodbye) return;
    goodbye.said();
    const item = this.playing;
    const left = item ? item.startedAt + durationMs(item.deliveredBytes, this.format) - Date.now() : 0;
    const timer = setTimeout(() => this.close('goodbye said'), Math.max(0, left));
    timer.unref();
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
    this.askResponse('note');
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
    this.goodbye?.said();
    this.settleUnheard();
    for (const [itemId, { reply }] of this.replies) this.order.settle(itemId, this.lineOf(itemId, reply));
    this.replies.clear();
    this.order.end();
    this.hooks.onEnd?.(reason);
  }

  /** After tool outputs: one response.create, unless a response is already running (it would be refused). */
  private askAfterTools(): void {
    if (this.ended || this.responding) return;
    this.followUpAsked = true;
    this.responding = true;
    this.rt.send({ type: 'response.create' });
  }

  /**
   * OpenAI allows one response at a time and refuses a response.create while one is active: asked
   * while one is (or may be about to be) running, the response waits for its response.done. Several
   * notes at once make one response that answers them all.
   */
  private askResponse(kind: 'note' | 'after-tools'): void {
    if (this.ended || this.goodbye) return;
    if (this.responding) {
      if (this.queued !== 'after-tools') this.queued = kind;
      return;
    }
    if (kind === 'after-tools') {
      this.askAfterTools();
      return;
    }
    this.responding = true;
    this.rt.send({ type: 'response.create' });
  }

  /** The running response is done: the one that waited for it is asked for now. */
  private askQueued(): void {
    if (this.goodbye) {
      this.askGoodbye();
      return;
    }
    const kind = this.queued;
    this.queued = null;
    if (kind) this.askResponse(kind);
  }

  /** A reply's line: what the caller heard of it when it was cut off, else all of it. */
  private lineOf(itemId: string, reply: SpokenReply): BridgeTranscriptEntry | null {
    const item = this.playing?.itemId === itemId ? this.playing : null;
    const text =
      item?.heardMs !== undefined ? reply.heard(item.heardMs * this.format.bytesPerMs) : reply.text;
    return text ? { speaker: 'assistant', text } : null;
  }

  /**
   * A reply is generated faster than it plays: once done, its line is saved when playback ends, or at a
   * barge-in with only the words heard.
   */
  private settleReply(itemId: string, reply: SpokenReply, now: number): void {
    const item = this.playing?.itemId === itemId ? this.playing : null;
    if (!item || !this.stillPlaying(now)) {
      this.order.settle(itemId, this.lineOf(itemId, reply));
      return;
    }
    this.settleUnheard();
    const left = item.startedAt + durationMs(item.deliveredBytes, this.format) - now;
    const timer = setTimeout(() => this.settleUnheard(), left);
    timer.unref();
    this.unheard = { itemId, reply, timer };
  }

  private settleUnheard(): void {
    const pending = this.unheard;
    if (!pending) return;
    this.unheard = null;
    clearTimeout(pending.timer);
    this.order.settle(pending.itemId, this.lineOf(pending.itemId, pending.reply));
  }

  private replyOf(responseId: string, itemId: string): SpokenReply {
    const known = this.replies.get(itemId);
    if (known) return known.reply;
    const reply = new SpokenReply();
    this.replies.set(itemId, { responseId, reply });
    this.order.reserve(itemId);
    return reply;
  }

  private truncatePlaying(now: number): void {
    const item = this.playing;
    if (!item || item.truncated) return;
    const heardMs = Math.min(durationMs(item.deliveredBytes, this.format), Math.max(0, now - item.startedAt));
    item.truncated = true;
    item.heardMs = heardMs;
    this.figures.interrupted();
    if (this.unheard?.itemId === item.itemId) this.settleUnheard();
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
    this.figures.observe(event);
    switch (event.type) {
      case 'response.created':
        this.responding = true;
        if (this.goodbye?.asked && this.goodbye.responseId === null)
          this.goodbye.responseId = event.response.id ?? '';
        else if (this.followUpAsked) {
          this.followUpAsked = false;
          this.followUpResponse = event.response.id ?? null;
        }
        break;
      case 'response.done': {
        this.responding = false;
        const id = event.response.id ?? '';
        for (const [itemId, { responseId, reply }] of this.replies) {
          if (responseId !== id) continue;
          this.replies.delete(itemId);
          this.settleReply(itemId, reply, Date.now());
        }
        this.tools.responseDone(id);
        const followsTools = id !== '' && id === this.followUpResponse;
        if (followsTools) this.followUpResponse = null;
        this.hooks.onResponseDone?.({ followsTools });
        if (this.goodbye?.responseId !== null && this.goodbye?.responseId === id) this.goodbyeDone();
        else this.askQueued();
        break;
      }
      case 'response.output_audio.delta': {
        const reply = this.replyOf(event.response_id, event.item_id);
        const chunk = Buffer.from(event.delta, 'base64');
        reply.addAudio(chunk.length);
        if (this.playing?.itemId !== event.item_id) {
          this.playing = {
            itemId: event.item_id,
            deliveredBytes: 0,
            startedAt: Date.now(),
            truncated: false,
          };
        }
        if (this.playing.truncated) break;
        this.playing.deliveredBytes += chunk.length;
        this.figures.audioSent();
        this.hooks.onAudio(chunk);
        break;
      }
      case 'response.output_audio_transcript.delta':
        this.replyOf(event.response_id, event.item_id).addText(event.delta);
        break;
      case 'response.output_audio_transcript.done':
        this.replyOf(event.response_id, event.item_id).finish(event.transcript);
        break;
      case 'input_audio_buffer.speech_started':
        // Server VAD already cancels the reply; what the caller did not hear is ours to truncate.
        if (this.stillPlaying(Date.now())) this.truncatePlaying(Date.now());
        break;
      case 'input_audio_buffer.committed':
        this.order.reserve(event.item_id);
        break;
      case 'conversation.item.input_audio_transcription.completed': {
        const text = event.transcript.trim();
        this.order.settle(event.item_id, text ? { speaker: 'user', text } : null);
        break;
      }
      case 'conversation.item.input_audio_transcription.failed':
        this.order.settle(event.item_id, null);
        break;
      case 'response.function_call_arguments.done':
        this.tools.call(event);
        break;
      default:
        break;
    }
  }
}
