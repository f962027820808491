import { randomUUID } from 'node:crypto';
import {
  checkSessionUpdate,
  frameOf,
  type LiveAudioFormat,
  type LiveRefusal,
  resolvedSession,
  startRefusal,
} from './openai-live-config.ts';
import { LiveResponsesDelegation } from './openai-live-delegation.ts';
import {
  appendRefusal,
  checkClientEvent,
  decodeBase64,
  fixtureRefusal,
  type LiveClientEvent,
  liveErrorEvent,
  orderRefusal,
  parseClientEvent,
  toPcm24k,
} from './openai-live-events.ts';
import type { LiveFakeScript, LiveFakeTurn } from './openai-live-script.ts';
import { LiveSpeech } from './openai-live-speech.ts';
import type { LiveWire } from './openai-live-wire.ts';

type Json = Record<string, unknown>;
type Resource = Json & {
  id: string;
  model: string;
  delegation: Json;
  audio: { format?: LiveAudioFormat; output: Json };
};

const APPENDS = ['session.instructions.append', 'session.thinking.append', 'session.commentary.append'];
// No format is named over WebRTC or SIP; the WebSocket default is not documented, PCM16 24 kHz is [INF].
const DEFAULT_FORMAT: LiveAudioFormat = { type: 'audio/pcm', rate: 24_000 };
const FRAME_TIMES_KEPT = 3_000;

/**
 * One Live session on the primary WebSocket, as the SDK's types describe it and strictly: `session.start`
 * first and once; only delegation and triggers change afterwards; unknown fields refused. The model's
 * voice streams at real-time pace, silence included; transcripts arrive as timed deltas with no done
 * event; tools run through Responses delegation; usage is cumulative; `session.closed` ends it.
 */
export class LiveFakeSession {
  readonly received: LiveClientEvent[] = [];
  readonly receivedAt: number[] = [];
  /** Every error sent, in order: a test that expects none checks this is empty. */
  readonly errorsSent: LiveRefusal[] = [];
  /** Server events other than audio, in order. */
  readonly sent: Json[] = [];
  /** `performance.now()` of each output transcript word, with its `start_ms` (benchmarks). */
  readonly wordsSentAt: { at: number; startMs: number }[] = [];
  readonly frames = { speaking: 0, silent: 0 };
  /** `performance.now()` when each of the latest output frames was sent (benchmarks; the last 3,000). */
  readonly frameSentAt: number[] = [];
  /** Times the model stopped speaking because the caller spoke over it. */
  yields = 0;
  resource: Resource | null = null;
  closedReason: string | null = null;
  private startedAt = 0;
  private speech: LiveSpeech | null = null;
  private usageTimer: NodeJS.Timeout | undefined;
  private heardBytes = 0;
  private turnsHeard = 0;
  private packets = 0;
  private commentaries = 0;
  private muted = false;
  private fixtureUntil = 0;
  private closing = false;
  private pendingAck: NodeJS.Timeout | undefined;
  private readonly sidebands = new Set<LiveWire>();
  private readonly delegation: LiveResponsesDelegation;

  readonly id = `live_${randomUUID().replaceAll('-', '')}`;
  private readonly socket: LiveWire;
  private readonly script: () => LiveFakeScript;

  constructor(socket: LiveWire, script: () => LiveFakeScript) {
    this.socket = socket;
    this.script = script;
    this.delegation = new LiveResponsesDelegation({
      script,
      model: () => String((this.resource?.delegation.responses as Json | undefined)?.model ?? ''),
      send: (event) => this.send(event),
      offsetMs: () => this.nowMs(),
      // The backend has answered: an acknowledgement still pending is no longer needed [INF].
      speak: (text) => {
        clearTimeout(this.pendingAck);
        void this.say(text);
      },
    });
    socket.onMessage((text) => this.onMessage(text, socket));
    // A WebRTC frontend that goes away ends the session [INF]; a WebSocket's end only stops it.
    socket.onClose(() => (socket.kind === 'webrtc' ? this.finish('connection_lost') : this.stop()));
  }

  /** Session-timeline milliseconds since `session.started`. */
  nowMs(): number {
    return Math.round(performance.now() - this.startedAt);
  }

  get format(): LiveAudioFormat {
    return this.resource?.audio.format ?? DEFAULT_FORMAT;
  }

  get usageSeconds(): number {
    return this.resource ? Math.round(this.nowMs() / 10) / 100 : 0;
  }

  eventsOf(type: string): LiveClientEvent[] {
    return this.received.filter((event) => event.type === type);
  }

  /** A trusted sideband joins: it hears every event from now on and may send all but audio. */
  attachSideband(socket: LiveWire): void {
    this.sidebands.add(socket);
    socket.onMessage((text) => this.onMessage(text, socket));
    socket.onClose(() => this.sidebands.delete(socket));
  }

  /** The server ends the session for `reason` (expired, content, remote_hangup): session.closed, then close. */
  end(reason: 'expired' | 'content' | 'remote_hangup'): void {
    this.finish(reason);
  }

  /** The connection drops without `session.closed` (connection_lost as the client sees it). */
  drop(): void {
    this.stop();
    this.socket.terminate();
  }

  private send(event: Json): void {
    const stamped = { event_id: `event_${randomUUID().replaceAll('-', '')}`, ...event };
    this.sent.push(stamped);
    this.write(this.socket, stamped);
    for (const sideband of this.sidebands) this.write(sideband, stamped);
  }

  private write(socket: LiveWire, event: Json): void {
    if (socket.open) socket.send(event);
  }

  private refuse(cause: LiveClientEvent | null, refusal: LiveRefusal, to: LiveWire = this.socket): void {
    this.errorsSent.push(refusal);
    this.write(to, {
      event_id: `event_${randomUUID().replaceAll('-', '')}`,
      ...liveErrorEvent(cause, refusal),
    });
  }

  private ack(type: string, cause: LiveClientEvent, extra: Json = {}): void {
    const echo = typeof cause.event_id === 'string' ? { client_event_id: cause.event_id } : {};
    this.send({ type, ...extra, ...echo });
  }

  private onMessage(text: string, from: LiveWire) {
    const parsed = parseClientEvent(text);
    if ('refusal' in parsed) return this.refuse(null, parsed.refusal, from);
    const { event } = parsed;
    this.received.push(event);
    this.receivedAt.push(performance.now());
    const state = { started: this.resource !== null, closing: this.closing };
    const refusal =
      checkClientEvent(event) ??
      orderRefusal(event, { ...state, transport: from.kind, delegationType: this.delegationType() });
    if (refusal) return this.refuse(event, refusal, from);
    this.handle(event);
  }

  private delegationType(): string {
    return String(this.resource?.delegation.type ?? 'client');
  }

  private handle(event: LiveClientEvent) {
    switch (event.type) {
      case 'session.start':
        return this.start(event);
      case 'session.update':
        return this.update(event);
      case 'session.input_audio.append':
        return this.onAudio(event);
      case 'session.input_audio.mute':
      case 'session.input_audio.unmute':
        this.muted = event.type.endsWith('.mute');
        return this.ack(this.muted ? 'session.input_audio.muted' : 'session.input_audio.unmuted', event);
      case 'session.output_audio.fixture.play':
        return this.playFixture(event);
      case 'response.item.create': {
        const refusal = this.delegation.itemCreate(event.item);
        return refusal ? this.refuse(event, refusal) : undefined;
      }
      case 'response.create': {
        const refusal = this.delegation.responseCreate();
        return refusal ? this.refuse(event, refusal) : undefined;
      }
      case 'session.close':
        return void this.close();
      default:
        if (APPENDS.includes(event.type)) return this.append(event);
    }
  }

  private start(event: LiveClientEvent) {
    const refusal = startRefusal(event.session, true);
    if (refusal) return this.refuse(event, refusal);
    this.begin(event.session as Json, event);
  }

  /** Starts the session: on a WebSocket for its `session.start`; over WebRTC when created (its POST). */
  begin(session: Json, cause: LiveClientEvent | null = null): void {
    this.resource = resolvedSession(session, this.id) as Resource;
    this.startedAt = performance.now();
    if (cause) this.ack('session.started', cause, { session: this.resource });
    else this.send({ type: 'session.started', session: this.resource });
    this.speech = new LiveSpeech(this.format, () => this.nowMs(), this.script().msPerWord, {
      frame: (audio, startMs, endMs, speaking) => this.sendFrame(audio, startMs, endMs, speaking),
      word: (delta, startMs, endMs) => {
        this.wordsSentAt.push({ at: performance.now(), startMs });
        this.send({ type: 'session.output_transcript.delta', delta, start_ms: startMs, end_ms: endMs });
      },
    });
    this.speech.start();
    this.usageTimer = setInterval(
      () => this.send({ type: 'session.usage.updated', usage: { seconds: this.usageSeconds } }),
      this.script().usageEveryMs,
    );
  }

  /** The primary gets its own format with no timestamps; a sideband PCM16 24 kHz with them. */
  private sendFrame(audio: Buffer, startMs: number, endMs: number, speaking: boolean): void {
    if (speaking) this.frames.speaking += 1;
    else this.frames.silent += 1;
    if (this.frameSentAt.push(performance.now()) > FRAME_TIMES_KEPT) this.frameSentAt.shift();
    if (this.socket.playFrame) this.socket.playFrame(speaking);
    else this.write(this.socket, { type: 'session.output_audio.delta', delta: audio.toString('base64') });
    if (this.sidebands.size === 0) return;
    const reflected = toPcm24k(audio, this.format).toString('base64');
    for (const sideband of this.sidebands)
      this.write(sideband, {
        type: 'session.output_audio.delta',
        delta: reflected,
        start_ms: startMs,
        end_ms: endMs,
      });
  }

  private update(event: LiveClientEvent) {
    const resource = this.resource as Resource;
    const changes = event.session as { delegation?: Json | null; triggers?: unknown };
    const refusal = checkSessionUpdate(changes, this.delegationType());
    if (refusal) return this.refuse(event, refusal);
    if (changes.delegation) {
      const { responses, ...rest } = changes.delegation;
      const merged = {
        ...(resource.delegation.responses as Json | undefined),
        ...(responses as Json | undefined),
      };
      resource.delegation = { ...resource.delegation, ...rest, ...(responses ? { responses: merged } : {}) };
    }
    if (changes.triggers !== undefined) resource.triggers = changes.triggers;
    this.ack('session.updated', event, { session: resource });
  }

  private onAudio(event: LiveClientEvent) {
    const audio = decodeBase64(event.audio);
    if (!audio || audio.length % frameOf(this.format).sampleBytes !== 0)
      return this.refuse(event, {
        code: 'invalid_value',
        message: 'audio must be base64 audio in the session format.',
        param: 'audio',
      });
    const reflectedToSidebands = () => ({
      type: 'session.input_audio.append',
      audio: toPcm24k(audio, this.format).toString('base64'),
    });
    for (const sideband of this.sidebands) this.write(sideband, reflectedToSidebands());
    if (this.muted || performance.now() < this.fixtureUntil || audio.length === 0) return;
    // Full duplex: the model hears the caller while it speaks and yields to speech, never to silence.
    const silent = audio.every((byte) => byte === frameOf(this.format).silence);
    if (!silent && this.speech?.speaking && this.script().yieldsWhenInterrupted && this.speech.yield())
      this.yields += 1;
    if (this.delegation.waiting || (silent && (!this.script().turnsFromSilence || this.speech?.speaking)))
      return;
    this.heardBytes += audio.length;
    const turn = this.script().userTurns[this.turnsHeard];
    if (!turn || this.heardBytes < this.script().bytesPerUserTurn) return;
    const heardMs = (this.heardBytes * 1000) / (this.format.rate * frameOf(this.format).sampleBytes);
    this.heardBytes = 0;
    this.turnsHeard += 1;
    this.hear(turn, heardMs);
  }

  /**
   * WebRTC: one microphone packet (20 ms). The fake cannot tell speech from silence in Opus: packets heard
   * while the model is quiet make a turn every `packetsPerUserTurn`, and the model never yields to them.
   */
  heardPacket(): void {
    if (!this.resource || this.closing || this.muted || this.delegation.waiting || this.speech?.speaking)
      return;
    const { packetsPerUserTurn, userTurns } = this.script();
    const turn = userTurns[this.turnsHeard];
    if (!turn || ++this.packets < packetsPerUserTurn) return;
    this.packets = 0;
    this.turnsHeard += 1;
    this.hear(turn, packetsPerUserTurn * 20);
  }

  /** The caller's words, spread over the audio that carried them, then the model's answer. */
  private hear(turn: LiveFakeTurn, heardMs: number): void {
    const words = turn.transcript.split(/\s+/).filter(Boolean);
    const end = this.nowMs();
    const start = Math.max(0, Math.round(end - heardMs));
    const each = (end - start) / Math.max(1, words.length);
    for (const [index, word] of words.entries()) {
      const startMs = Math.round(start + index * each);
      const endMs = Math.round(start + (index + 1) * each);
      this.send({
        type: 'session.input_transcript.delta',
        delta: ` ${word}`,
        start_ms: startMs,
        end_ms: endMs,
      });
    }
    const delay = this.script().responseDelayMs;
    if (delay > 0) setTimeout(() => this.answer(turn), delay).unref();
    else this.answer(turn);
  }

  private answer(turn: LiveFakeTurn) {
    const call = turn.functionCall;
    const resource = this.resource;
    if (!call || !resource || this.closing) return void this.say(turn.reply ?? this.script().assistantReply);
    const responses = resource.delegation.responses as { tools?: { name?: string }[] } | undefined;
    const offered = responses?.tools?.some((tool) => tool.name === call.name) ?? false;
    if (this.delegationType() !== 'responses' || !offered)
      return void this.say(turn.reply ?? this.script().assistantReply);
    const delay = Number(resource.delegation.acknowledgement_delay_ms ?? 0);
    this.pendingAck = setTimeout(() => void this.say(this.script().acknowledgement), delay);
    this.pendingAck.unref();
    this.delegation.delegate(turn, call);
  }

  private say(text: string): Promise<boolean> {
    return this.speech && !this.closedReason ? this.speech.say(text) : Promise.resolve(false);
  }

  private append(event: LiveClientEvent) {
    const refusal = appendRefusal(event, {
      fixtureActive: performance.now() < this.fixtureUntil,
      delegationType: this.delegationType(),
    });
    if (refusal) return this.refuse(event, refusal);
    const at = this.nowMs();
    const kind = event.type.split('.')[1];
    this.ack(`session.${kind}.appended`, event, { start_ms: at, end_ms: at });
    if (kind === 'instructions') return;
    // Commentary or thinking cancels every pending acknowledgement.
    clearTimeout(this.pendingAck);
    if (kind !== 'commentary') return;
    this.commentaries += 1;
    void this.say(this.commentaries === 1 ? this.script().greeting : this.script().commentaryReply);
  }

  private playFixture(event: LiveClientEvent) {
    const audio = decodeBase64(event.audio);
    const refusal = fixtureRefusal(audio, performance.now() < this.fixtureUntil);
    if (refusal || !audio) return this.refuse(event, refusal ?? { code: 'invalid_value', message: 'audio' });
    this.speech?.yield();
    this.fixtureUntil = performance.now() + audio.length / 48;
    this.ack('session.output_audio.fixture.playing', event);
    setTimeout(() => this.ack('session.output_audio.fixture.played', event), audio.length / 48).unref();
  }

  /** `session.close`: what is being said drains (at most `closeDrainMs3p`), then session.closed. */
  private async close(): Promise<void> {
    this.closing = true;
    const deadline = performance.now() + this.script().closeDrainMs3p;
    while (this.speech?.speaking && performance.now() < deadline)
      await new Promise((done) => setTimeout(done, 20));
    this.finish('close_requested');
  }

  private finish(reason: string): void {
    if (this.closedReason || !this.resource) return;
    this.closedReason = reason;
    const usage = { seconds: this.usageSeconds };
    this.stop();
    this.send({ type: 'session.closed', reason, session: this.resource, usage });
    this.socket.close();
    for (const sideband of this.sidebands) sideband.close();
  }

  private stop(): void {
    this.speech?.stop();
    clearInterval(this.usageTimer);
    clearTimeout(this.pendingAck);
  }
}
