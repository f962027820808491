import type { ClientEvent, ServerEvent, SessionConfig } from 'openai/resources/live/live';
import type { LiveWS } from 'openai/resources/live/ws';
import type { BridgeHooks, RealtimeSessionUpdate } from '../bridge-hooks.ts';
import type { CallEngine } from '../call-engine.ts';
import { LiveCallFigures } from './live-figures.ts';
import { toLiveTools } from './live-session.ts';
import { type DelegatedEvent, LiveToolCalls } from './live-tool-calls.ts';
import { LiveTranscript } from './live-transcript.ts';

/** Worded as an instruction, not as words to say: the model greets in its own voice [3P Twilio TAC]. */
export const GREETING_NOTE =
  'The call has just connected. Greet the caller now, briefly, as your brief says.';
// Caller audio that arrives before session.started: 2 s of 20 ms frames, then the oldest go.
const EARLY_FRAMES_MAX = 100;
// No assistant transcript for this long: what it was saying has been said (GPT-Live has no reply events).
const QUIET_MS = 1_200;
// session.close drains for at most 10 s before session.closed [3P Pipecat]; then the socket goes anyway.
const CLOSE_WAIT_MS = 10_000;
// A goodbye that is never spoken still ends the call.
const GOODBYE_FALLBACK_MS = 15_000;

/**
 * One call on GPT-Live over its primary WebSocket: caller audio goes in unchanged (the session runs in
 * the call's own format), the model's audio comes out unchanged, transcripts are grouped into lines,
 * and tools run through Responses delegation. The model owns turn-taking and barge-in: there is no
 * response to cancel and nothing to truncate.
 */
export class LiveBridge implements CallEngine {
  readonly figures: LiveCallFigures;
  private started = false;
  private ended = false;
  private paused = false;
  private closing = false;
  private readonly early: Buffer[] = [];
  private readonly waiting: ClientEvent[] = [];
  private readonly transcript: LiveTranscript;
  private readonly tools: LiveToolCalls;
  private quietTimer: NodeJS.Timeout | undefined;
  private speaking = false;
  /** The backend has answered the tools' outputs: the words that come next speak that answer. */
  private answerDue = false;
  private stretchFollowsTools = false;
  private goodbye: {
    asked: boolean;
    spoken: boolean;
    timer: NodeJS.Timeout;
    said: Promise<void>;
    resolve: () => void;
  } | null = null;
  /** Why the call was closed from our side, reported once the socket is gone. */
  private closeReason: string | undefined;

  private readonly ws: LiveWS;
  private readonly hooks: BridgeHooks;

  /**
   * `attached`: `ws` is a trusted sideband to a session already started (a browser call over WebRTC,
   * whose audio the browser carries); nothing waits for `session.started` and `start` is not called.
   */
  constructor(
    ws: LiveWS,
    hooks: BridgeHooks,
    models: { model: string; backendModel: string },
    options: { attached?: boolean } = {},
  ) {
    this.ws = ws;
    this.started = options.attached === true;
    this.hooks = hooks;
    this.figures = new LiveCallFigures(models);
    this.transcript = new LiveTranscript((entry) => hooks.onTranscript(entry));
    const runTool = hooks.runTool && this.figures.timeTools(hooks.runTool);
    this.tools = new LiveToolCalls(
      (event) => this.send(event),
      runTool,
      () => {
        this.answerDue = true;
      },
    );
    ws.on('event', (event) => this.onServerEvent(event));
    ws.on('error', (error) => {
      this.hooks.onError?.(error.message);
      // A refused session.start leaves nothing to talk to: end the call rather than hold it in silence.
      if (!this.started) this.close(`GPT-Live refused the session: ${error.message}`);
    });
    ws.on('close', () => this.finish('live session closed'));
  }

  /** Starts the session; `greet` has the assistant speak first. Nothing else is sent until it has started. */
  start(session: SessionConfig, greet: boolean): void {
    this.ws.send({ type: 'session.start', session });
    if (greet)
      this.waiting.push({ type: 'session.commentary.append', content: GREETING_NOTE, delegation_id: null });
  }

  appendAudio(chunk: Buffer): void {
    if (this.ended || this.closing || chunk.length === 0) return;
    if (!this.started) {
      if (this.early.push(chunk) > EARLY_FRAMES_MAX) this.early.shift();
      return;
    }
    this.ws.send({ type: 'session.input_audio.append', audio: chunk.toString('base64') });
  }

  /** Stops the model hearing the caller (GPT-Live hears silence meanwhile); `resume` lets it hear again. */
  pause(): void {
    if (this.paused) return;
    this.paused = true;
    this.send({ type: 'session.input_audio.mute' });
  }

  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    this.send({ type: 'session.input_audio.unmute' });
  }

  get isPaused(): boolean {
    return this.paused;
  }

  /**
   * A barge-in asked for by the app: GPT-Live owns turn-taking and has nothing to cancel or truncate;
   * it yields when it hears the caller speak. The caller's own player drops what it holds.
   */
  interrupt(): void {}

  /** Speakable context: the model answers it in its own words. */
  tellModel(note: string): void {
    this.send({ type: 'session.commentary.append', content: note, delegation_id: null });
  }

  /** GPT-Live's instructions are fixed at start: a proven owner changes the backend's prompt and tools. */
  updateSession(update: RealtimeSessionUpdate): void {
    const responses = {
      ...(update.instructions !== undefined ? { instructions: update.instructions } : {}),
      ...(update.tools !== undefined ? { tools: toLiveTools(update.tools) } : {}),
    };
    this.send({ type: 'session.update', session: { delegation: { type: 'responses', responses } } });
  }

  /** Resolves once the closing line has been spoken (its audio all sent) or the engine ended without it. */
  sayGoodbyeAndEnd(instructions: string): Promise<void> {
    if (this.ended) return Promise.resolve();
    if (this.goodbye) return this.goodbye.said;
    const timer = setTimeout(() => this.close('goodbye not heard'), GOODBYE_FALLBACK_MS);
    timer.unref();
    let resolve = () => {};
    const said = new Promise<void>((done) => {
      resolve = done;
    });
    this.goodbye = { asked: true, spoken: false, timer, said, resolve };
    this.tellModel(instructions);
    return said;
  }

  /** `session.close`, then the socket once `session.closed` has come (or after the drain limit). */
  close(reason = 'ended'): void {
    if (this.ended || this.closing) return;
    this.closing = true;
    // The call is over for the caller: its lines are written now, before its record is closed.
    this.transcript.end();
    if (this.started && this.ws.socket.platformSocket.readyState === this.ws.socket.platformSocket.OPEN) {
      this.ws.send({ type: 'session.close' });
      setTimeout(() => this.ws.close({ code: 1000, reason: 'OK' }), CLOSE_WAIT_MS).unref();
    } else this.ws.close({ code: 1000, reason: 'OK' });
    this.closeReason = reason;
  }

  private send(event: ClientEvent): void {
    if (this.ended || this.closing) return;
    if (this.started) this.ws.send(event);
    else this.waiting.push(event);
  }

  private finish(reason: string): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.quietTimer);
    if (this.goodbye) {
      clearTimeout(this.goodbye.timer);
      this.goodbye.resolve();
    }
    this.transcript.end();
    this.hooks.onEnd?.(this.closeReason ?? reason);
  }

  private onServerEvent(event: ServerEvent): void {
    this.figures.observe(event);
    this.transcript.push(event);
    switch (event.type) {
      case 'session.started':
        this.started = true;
        for (const queued of this.waiting.splice(0)) this.ws.send(queued);
        for (const frame of this.early.splice(0)) this.appendAudio(frame);
        break;
      case 'session.output_audio.delta':
        this.hooks.onAudio(Buffer.from(event.delta, 'base64'));
        break;
      case 'session.output_transcript.delta':
        if (event.delta.trim()) this.spoke();
        break;
      case 'response.event':
        if (event.delegation_id) this.tools.observe(event.delegation_id, event.event as DelegatedEvent);
        break;
      case 'session.closed':
        this.ws.close({ code: 1000, reason: 'OK' });
        break;
      default:
        break;
    }
  }

  /** The assistant is speaking; once it has been quiet a while, what it said is done. */
  private spoke(): void {
    if (!this.speaking) {
      this.speaking = true;
      this.stretchFollowsTools = false;
    }
    // Speech after the goodbye was asked for: once it stops, the goodbye has been said.
    if (this.goodbye?.asked) this.goodbye.spoken = true;
    // Words after the backend's answer belong to that answer, even if an acknowledgement ran into it.
    if (this.answerDue) {
      this.stretchFollowsTools = true;
      this.answerDue = false;
    }
    clearTimeout(this.quietTimer);
    this.quietTimer = setTimeout(() => this.quiet(), QUIET_MS);
    this.quietTimer.unref();
  }

  private quiet(): void {
    this.speaking = false;
    this.hooks.onResponseDone?.({ followsTools: this.stretchFollowsTools });
    if (!this.goodbye?.spoken) return;
    this.goodbye.resolve();
    this.close('goodbye said');
  }
}
