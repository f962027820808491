import { MediaStreamTrack, type RTCDataChannel, RTCPeerConnection, useOPUS } from 'werift';
import type { WebSocket } from 'ws';
import { functionCallResponse, newId, spokenResponse } from './openai-realtime-response-events.ts';
import { RealtimeUsageMeter } from './openai-realtime-usage.ts';
import type { FakeUserTurn, RealtimeWebRtcScript } from './openai-realtime-webrtc-script.ts';
import { OpusRtpPlayer } from './opus-rtp-player.ts';
import { modelChangeRefusal, type RealtimeRefusal, refusalEvent } from './realtime-client-errors.ts';
import {
  type EventPredicate,
  type RealtimeEvent,
  RealtimeEventLog,
  type WaitOptions,
} from './realtime-event-log.ts';
import { mergeSession } from './realtime-session-merge.ts';
import { answerOffer } from './webrtc-answer.ts';

/** The data channel OpenAI's WebRTC calls carry their events on. */
export const EVENTS_CHANNEL = 'oai-events';

const pause = (ms: number) => (ms > 0 ? new Promise((done) => setTimeout(done, ms)) : Promise.resolve());
/** The pre-encoded Opus packets are 20 ms each. */
const PACKET_MS = 20;

/** What the call knows at the start: the session the offer carried, the script, the audio to speak. */
export type CallSetup = {
  session: Record<string, unknown> | null;
  script: RealtimeWebRtcScript;
  audio: Buffer[];
};

/**
 * One WebRTC call as OpenAI's Realtime API would run it, scripted: a werift peer that answers the
 * browser's offer, accepts the `oai-events` channel, records every client event, counts the microphone's
 * RTP packets, and plays GA server events with pre-encoded Opus audio.
 */
export class RealtimeWebRtcCall {
  readonly id = newId('rtc');
  /** The session posted with the offer (multipart `session`), or null for a bare SDP offer. */
  readonly offeredSession: Record<string, unknown> | null;
  /** The session as `session.update` events left it. */
  session: Record<string, unknown>;
  /** Every event the client sent on the channel. */
  readonly received = new RealtimeEventLog();
  /** Every event the fake sent, in order, and `performance.now()` when each was sent (benchmarks). */
  readonly sent: RealtimeEvent[] = [];
  readonly sentAt: number[] = [];
  /** The `function_call_output` items the client returned, by call id. */
  readonly toolOutputs: { callId: string; output: string }[] = [];
  /** The `usage` of every response and transcription sent, as OpenAI reports them (tests sum them). */
  readonly usage = new RealtimeUsageMeter();
  rtpPacketsReceived = 0;
  readonly createdAt = performance.now();
  channelOpenedAt: number | null = null;
  ended = false;

  private readonly pc = new RTCPeerConnection({ codecs: { audio: [useOPUS()] }, iceServers: [] });
  private readonly speaker = new MediaStreamTrack({ kind: 'audio' });
  private readonly player = new OpusRtpPlayer(this.speaker);
  private channel: RTCDataChannel | null = null;
  private script: RealtimeWebRtcScript;
  private readonly audio: Buffer[];
  private greeted = false;
  private turnsHeard = 0;
  private packetsSinceTurn = 0;
  private busy = false;
  /** The tool call waiting for its output, and whether the output has come. */
  private pendingTool: { callId: string; answered: boolean; reply?: FakeUserTurn['replyAfterTool'] } | null =
    null;
  private speaking: { cancelled: boolean } | null = null;
  /** A response between response.created and response.done (or asked for and not yet created). */
  private activeResponse: string | null = null;
  private readonly opened = Promise.withResolvers<void>();
  /** The server's sideband sockets: each gets every event sent from its opening on. */
  private readonly sidebands = new Set<WebSocket>();

  private constructor(setup: CallSetup) {
    this.offeredSession = setup.session;
    const offered = setup.session?.instructions;
    if (typeof offered === 'string') this.usage.instructions(offered);
    this.session = { ...(setup.session ?? { type: 'realtime' }), id: newId('sess') };
    this.script = setup.script;
    this.audio =
      setup.script.audioPackets > 0 ? setup.audio.slice(0, setup.script.audioPackets) : setup.audio;
  }

  /** Answers an SDP offer: resolves with the call and its SDP answer (candidates included). */
  static async answer(
    offerSdp: string,
    setup: CallSetup,
  ): Promise<{ call: RealtimeWebRtcCall; sdp: string }> {
    const call = new RealtimeWebRtcCall(setup);
    const sdp = await call.negotiate(offerSdp);
    return { call, sdp };
  }

  get channelOpen(): boolean {
    return this.channel?.readyState === 'open';
  }

  get rtpPacketsSent(): number {
    return this.player.packetsSent;
  }

  /** Waits for a client event of `type` that `predicate` accepts (already received, or still to come). */
  waitForClientEvent(type: string, predicate?: EventPredicate, options?: WaitOptions) {
    return this.received.waitFor(type, predicate, options);
  }

  /** Resolves once the `oai-events` channel is open (its `session.created` is sent then). */
  waitForChannelOpen(timeoutMs = 10_000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`The events channel did not open within ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    return Promise.race([this.opened.promise, timeout]).finally(() => clearTimeout(timer));
  }

  /**
   * "The user said X": speech start, the interim and final transcript, then (with turn detection on)
   * the model's answer: a function call when the turn or script asks for one, otherwise a spoken reply.
   */
  async userSays(turn: FakeUserTurn): Promise<void> {
    this.busy = true;
    try {
      await this.hearTurn(turn);
    } finally {
      this.busy = false;
    }
  }

  /** The script for what is still to come in this call. */
  setScript(script: RealtimeWebRtcScript): void {
    this.script = script;
  }

  /** Ends the call (OpenAI's hangup, or the client going away). */
  async hangup(reason = 'the call was hung up'): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    if (this.speaking) this.speaking.cancelled = true;
    this.received.close(reason);
    for (const socket of this.sidebands) socket.close(1000, 'call ended');
    this.speaker.stop();
    await this.pc.close();
  }

  /** A sideband socket the server opened to this call: it sees the call's events, and may send its own. */
  attachSideband(socket: WebSocket): void {
    this.sidebands.add(socket);
    socket.on('close', () => this.sidebands.delete(socket));
    socket.on('message', (data) => this.onClientMessage(data.toString()));
  }

  get sidebandCount(): number {
    return this.sidebands.size;
  }

  /** What the control endpoint shows a test in another process. */
  summary() {
    return {
      id: this.id,
      offeredSession: this.offeredSession,
      session: this.session,
      channelOpen: this.channelOpen,
      ended: this.ended,
      rtpPacketsReceived: this.rtpPacketsReceived,
      rtpPacketsSent: this.rtpPacketsSent,
      received: this.received.events,
      toolOutputs: this.toolOutputs,
    };
  }

  private negotiate(offerSdp: string): Promise<string> {
    return answerOffer(this.pc, this.speaker, offerSdp, {
      onMicrophonePacket: () => this.onMicrophonePacket(),
      onDataChannel: (channel) => {
        if (channel.label === EVENTS_CHANNEL) this.attach(channel);
      },
      onClosed: (state) => void this.hangup(`the peer connection ${state}`),
    });
  }

  private attach(channel: RTCDataChannel): void {
    this.channel = channel;
    const opened = () => {
      if (this.channelOpenedAt !== null) return;
      this.channelOpenedAt = performance.now();
      this.opened.resolve();
      this.send({ type: 'session.created', session: this.session });
    };
    channel.stateChanged.subscribe((state) => {
      if (state === 'open') opened();
      if (state === 'closed') void this.hangup('the events channel closed');
    });
    if (channel.readyState === 'open') opened();
    channel.onMessage.subscribe((data) => this.onClientMessage(data.toString()));
  }

  private send(event: RealtimeEvent): void {
    const full = { event_id: newId('event'), ...event };
    this.sent.push(full);
    this.sentAt.push(performance.now());
    const text = JSON.stringify(full);
    if (this.channelOpen) this.channel?.send(text);
    for (const socket of this.sidebands) socket.send(text);
  }

  private onClientMessage(text: string): void {
    let event: RealtimeEvent;
    try {
      event = JSON.parse(text) as RealtimeEvent;
      if (typeof event?.type !== 'string') throw new Error('no type');
    } catch {
      this.send({
        type: 'error',
        error: { type: 'invalid_request_error', code: 'invalid_json', message: 'Invalid event JSON' },
      });
      return;
    }
    this.received.record(event);
    if (event.type === 'session.update') this.updateSession(event);
    else if (event.type === 'conversation.item.create') this.addItem(event);
    else if (event.type === 'response.create') {
      if (this.activeResponse) {
        this.refuse(event, {
          code: 'conversation_already_has_active_response',
          message: `Conversation already has an active response in progress: ${this.activeResponse}. Wait until the response is finished before creating a new one.`,
        });
      } else {
        this.activeResponse = 'pending';
        void this.respondOnRequest();
      }
    } else if (event.type === 'response.cancel' || event.type === 'output_audio_buffer.clear')
      this.stopSpeaking();
  }

  /** OpenAI's `error` event for a client event it refused; the call goes on. */
  private refuse = (cause: RealtimeEvent, refusal: RealtimeRefusal) =>
    this.send(refusalEvent(cause, refusal));

  private updateSession(event: RealtimeEvent): void {
    const changes = (event.session ?? {}) as Record<string, unknown>;
    const refusal = modelChangeRefusal(this.session.model, changes);
    if (refusal) {
      this.refuse(event, refusal);
      return;
    }
    this.session = { ...mergeSession(this.session, changes), id: this.session.id };
    if (typeof changes.instructions === 'string') this.usage.instructions(changes.instructions);
    this.send({ type: 'session.updated', session: this.session });
  }

  private addItem(event: RealtimeEvent): void {
    const item: Record<string, unknown> = { id: newId('item'), ...(event.item as Record<string, unknown>) };
    if (item.type === 'function_call_output') {
      const callId = String(item.call_id);
      this.toolOutputs.push({ callId, output: String(item.output) });
      if (this.pendingTool?.callId === callId) this.pendingTool.answered = true;
    }
    this.send({ type: 'conversation.item.added', previous_item_id: null, item });
    this.send({ type: 'conversation.item.done', previous_item_id: null, item });
  }

  private async respondOnRequest(): Promise<void> {
    await pause(this.script.responseDelayMs);
    if (this.pendingTool?.answered) {
      const { callId, reply = this.script.replyAfterTool } = this.pendingTool;
      this.pendingTool = null;
      const output = this.toolOutputs.findLast((each) => each.callId === callId)?.output ?? '';
      await this.speak(typeof reply === 'function' ? reply(output) : reply);
    } else if (!this.greeted) {
      this.greeted = true;
      await this.speak(this.script.greeting);
    } else {
      await this.speak(this.script.reply);
    }
  }

  private onMicrophonePacket(): void {
    this.rtpPacketsReceived += 1;
    this.packetsSinceTurn += 1;
    const every = this.script.userTurnAfterPackets;
    const transcript = this.script.userTranscripts[this.turnsHeard];
    const turn = this.script.userTurns
      ? this.script.userTurns[this.turnsHeard]
      : transcript === undefined
        ? undefined
        : { transcript };
    if (every === null || turn === undefined || this.packetsSinceTurn < every) return;
    if (this.busy || this.speaking || this.pendingTool || !this.channelOpen) return;
    void this.userSays(turn);
  }

  private async hearTurn(turn: FakeUserTurn): Promise<void> {
    this.turnsHeard += 1;
    this.packetsSinceTurn = 0;
    const itemId = newId('item');
    const words = turn.transcript.split(' ');
    const startMs = Math.round(performance.now() - this.createdAt);
    this.send({ type: 'input_audio_buffer.speech_started', audio_start_ms: startMs, item_id: itemId });
    await pause(this.script.wordIntervalMs * words.length);
    const endMs = Math.round(performance.now() - this.createdAt);
    this.send({ type: 'input_audio_buffer.speech_stopped', audio_end_ms: endMs, item_id: itemId });
    this.send({ type: 'input_audio_buffer.committed', item_id: itemId, previous_item_id: null });
    const item = { id: itemId, type: 'message', role: 'user', content: [{ type: 'input_audio' }] };
    this.send({ type: 'conversation.item.added', previous_item_id: null, item });
    for (const [index, word] of words.entries()) {
      const delta = index === 0 ? word : ` ${word}`;
      this.send({
        type: 'conversation.item.input_audio_transcription.delta',
        item_id: itemId,
        content_index: 0,
        delta,
      });
      await pause(this.script.wordIntervalMs);
    }
    const input = (this.session.audio as { input?: { transcription?: { model?: unknown } } } | undefined)
      ?.input;
    const usage = this.usage.userTurn(turn.transcript, endMs - startMs, input?.transcription?.model);
    const transcribed = () =>
      this.send({
        type: 'conversation.item.input_audio_transcription.completed',
        item_id: itemId,
        content_index: 0,
        transcript: turn.transcript,
        usage,
      });
    const late = this.script.transcriptionAfterResponse && this.respondsToTurns();
    if (!late) transcribed();
    if (!this.respondsToTurns()) return;
    await pause(this.script.responseDelayMs);
    const functionCall = turn.functionCall === undefined ? this.script.functionCall : turn.functionCall;
    if (functionCall) this.askForTool(functionCall, turn.replyAfterTool);
    else {
      const speaking = this.speak(turn.reply ?? this.script.reply);
      if (late) await speaking;
    }
    if (late) transcribed();
  }

  /** Server VAD answers a turn by itself unless the client turned detection (or its responses) off. */
  private respondsToTurns(): boolean {
    const audio = this.session.audio as { input?: { turn_detection?: { create_response?: boolean } | null } };
    const detection = audio?.input?.turn_detection;
    return detection !== null && detection?.create_response !== false;
  }

  private askForTool(
    { name, arguments: args }: { name: string; arguments: string },
    reply?: FakeUserTurn['replyAfterTool'],
  ): void {
    const response = functionCallResponse(name, args);
    this.pendingTool = { callId: response.callId, answered: false, reply };
    this.activeResponse = response.responseId;
    for (const event of response.events()) this.send(event);
    this.activeResponse = null;
    this.send(response.done(this.usage.response(name + args, 0)));
  }

  /** A spoken response: transcript deltas paced by the script while the Opus audio plays in real time. */
  private async speak(text: string): Promise<void> {
    if (this.speaking || this.ended) {
      if (this.activeResponse === 'pending') this.activeResponse = null;
      return;
    }
    const speaking = { cancelled: false };
    this.speaking = speaking;
    const response = spokenResponse();
    this.activeResponse = response.responseId;
    for (const event of response.started()) this.send(event);
    const playing = this.player.play(this.audio, () => speaking.cancelled);
    const words = text.split(' ');
    let said = 0;
    for (const [index, word] of words.entries()) {
      if (speaking.cancelled) break;
      said += 1;
      this.send(response.word(word, index));
      await pause(this.script.wordIntervalMs);
    }
    const { cancelled } = speaking;
    for (const event of response.finished(text, cancelled)) this.send(event);
    this.activeResponse = null;
    const audioMs = Math.round((this.audio.length * PACKET_MS * said) / words.length);
    this.send(response.done(text, cancelled, this.usage.response(words.slice(0, said).join(' '), audioMs)));
    await playing;
    this.speaking = null;
    this.send(response.audioEnded(speaking.cancelled));
  }

  private stopSpeaking(): void {
    if (this.speaking) this.speaking.cancelled = true;
  }
}
