import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { mulawOf } from './mulaw.ts';
import { type RealtimeFakeScript, type RealtimeFakeTurn, toneChunk } from './openai-realtime-script.ts';
import { RealtimeUsageMeter } from './openai-realtime-usage.ts';
import { modelChangeRefusal, type RealtimeRefusal, refusalEvent } from './realtime-client-errors.ts';

/** 100 ms of the reply tone as G.711 μ-law at 8 kHz: what OpenAI sends a session whose output is audio/pcmu. */
const MULAW_TONE = Buffer.from(
  Array.from({ length: 800 }, (_, i) =>
    mulawOf(Math.round(6000 * Math.sin((2 * Math.PI * 440 * i) / 8_000))),
  ),
);

export type ClientEvent = { type: string; [key: string]: unknown };

/**
 * One realtime connection as OpenAI would run it, scripted: it records every client event, answers
 * session.update, turns enough caller audio into a transcribed user turn, and streams a spoken reply
 * (transcript and audio deltas) that response.cancel stops.
 */
/** The content types OpenAI accepts in a message item, by role. */
const MESSAGE_CONTENT_TYPES: Record<string, string[]> = {
  system: ['input_text'],
  user: ['input_text', 'input_audio', 'input_image'],
  assistant: ['output_text', 'output_audio'],
};

export class RealtimeFakeSession {
  readonly received: ClientEvent[] = [];
  /** `performance.now()` when each received event arrived (for benchmarks in the same process). */
  readonly receivedAt: number[] = [];
  /** `performance.now()` when each assistant audio delta was sent (for benchmarks in the same process). */
  readonly sentAudioAt: number[] = [];
  /** `performance.now()` when each `speech_started` was sent: the caller's turn begins. */
  readonly speechStartedAt: number[] = [];
  /** `performance.now()` when each `speech_stopped` was sent: where a turn's response latency starts. */
  readonly speechStoppedAt: number[] = [];
  /** The `usage` of every response and transcription sent, as OpenAI reports them (tests sum them). */
  readonly usage = new RealtimeUsageMeter();
  readonly url: string;
  readonly headers: Record<string, string | string[] | undefined>;
  appendedAudioBytes = 0;
  private pendingTurnBytes = 0;
  private turnsHeard = 0;
  private streaming: { responseId: string; cancelled: boolean } | null = null;
  /** The response between its response.created and response.done: OpenAI allows one at a time. */
  private active: string | null = null;
  /** The model the connection was opened for (`?model=`); a session.update may not change it. */
  private readonly model: string | null;
  /** Assistant audio sent per item, in bytes (a truncate past its end is refused). */
  private readonly audioBytes = new Map<string, number>();
  /** Every `error` event sent, in order. */
  readonly errorsSent: { code: string | null; message: string }[] = [];
  private asked = false;
  /** The `userTurns` turn whose tool was asked for, answered once its output is back. */
  private toolTurn: RealtimeFakeTurn | null = null;

  private readonly socket: WebSocket;
  private readonly script: RealtimeFakeScript;

  constructor(
    socket: WebSocket,
    script: RealtimeFakeScript,
    request: { url: string; headers: Record<string, string | string[] | undefined> },
  ) {
    this.socket = socket;
    this.script = script;
    this.url = request.url;
    this.headers = request.headers;
    this.model = new URL(request.url, 'https://fake').searchParams.get('model');
    socket.on('message', (data) => this.onMessage(data.toString()));
    this.send({ type: 'session.created', session: { type: 'realtime', id: `sess_${randomUUID()}` } });
  }

  /** Client events of one type, in arrival order. */
  eventsOf(type: string): ClientEvent[] {
    return this.received.filter((event) => event.type === type);
  }

  get closed(): boolean {
    return this.socket.readyState >= this.socket.CLOSING;
  }

  private send(event: Record<string, unknown>): void {
    if (this.socket.readyState === this.socket.OPEN) {
      this.socket.send(JSON.stringify({ event_id: `event_${randomUUID()}`, ...event }));
    }
  }

  private onMessage(text: string): void {
    const event = JSON.parse(text) as ClientEvent;
    this.received.push(event);
    this.receivedAt.push(performance.now());
    if (event.type === 'session.update') this.updateSession(event);
    else if (event.type === 'input_audio_buffer.append') this.onAudio(String(event.audio));
    else if (event.type === 'response.create') {
      if (this.active) {
        this.sendError(event, {
          code: 'conversation_already_has_active_response',
          message: `Conversation already has an active response in progress: ${this.active}. Wait until the response is finished before creating a new one.`,
        });
      } else void this.respond();
    } else if (event.type === 'response.cancel' && this.streaming) this.streaming.cancelled = true;
    else if (event.type === 'conversation.item.truncate') this.truncate(event);
    else if (event.type === 'conversation.item.create') this.createItem(event);
  }

  /** A message item's content types must be its role's: OpenAI refuses an assistant message of input_text. */
  private createItem(event: ClientEvent): void {
    const item = event.item as { type?: string; role?: string; content?: { type?: string }[] } | undefined;
    if (item?.type !== 'message') return;
    const allowed = MESSAGE_CONTENT_TYPES[item.role ?? ''];
    const wrong = (item.content ?? []).find((part) => !allowed?.includes(part.type ?? ''));
    if (!allowed || wrong) {
      this.sendError(event, {
        code: 'invalid_value',
        message: `Invalid content type for a ${item.role ?? 'message'} item: ${wrong?.type ?? 'none'}.`,
        param: 'item.content',
      });
    }
  }

  /** OpenAI's `error` event for a client event it refused (the session stays open). */
  private sendError(cause: ClientEvent, error: RealtimeRefusal): void {
    this.errorsSent.push({ code: error.code, message: error.message });
    this.send(refusalEvent(cause, error));
  }

  /** Any field may change except the model the session was created with. */
  private updateSession(event: ClientEvent): void {
    const refusal = modelChangeRefusal(this.model, (event.session ?? {}) as { model?: unknown });
    if (refusal) this.sendError(event, refusal);
    else {
      const instructions = (event.session as { instructions?: unknown } | undefined)?.instructions;
      if (typeof instructions === 'string') this.usage.instructions(instructions);
      this.send({ type: 'session.updated', session: event.session });
    }
  }

  /** Bytes of assistant audio per second in the session's output format (PCM16 24 kHz unless μ-law). */
  private audioBytesPerSecond(): number {
    const update = this.received.findLast((event) => event.type === 'session.update');
    const format = (update?.session as { audio?: { output?: { format?: { type?: string } } } } | undefined)
      ?.audio?.output?.format?.type;
    return format === 'audio/pcmu' || format === 'audio/pcma' ? 8_000 : 48_000;
  }

  private truncate(event: ClientEvent): void {
    const sent = this.audioBytes.get(String(event.item_id));
    if (sent === undefined) {
      this.sendError(event, { code: 'item_not_found', message: `Item ${String(event.item_id)} not found.` });
      return;
    }
    const durationMs = (sent / this.audioBytesPerSecond()) * 1000;
    if (Number(event.audio_end_ms) > Math.ceil(durationMs)) {
      this.sendError(event, {
        code: 'invalid_value',
        message: `audio_end_ms ${String(event.audio_end_ms)} is past the audio's end (${Math.round(durationMs)} ms).`,
        param: 'audio_end_ms',
      });
      return;
    }
    // OpenAI also drops the item's transcript, so the model does not remember words never heard.
    this.send({
      type: 'conversation.item.truncated',
      item_id: event.item_id,
      content_index: event.content_index,
      audio_end_ms: event.audio_end_ms,
    });
  }

  private onAudio(base64: string): void {
    const bytes = Buffer.from(base64, 'base64').length;
    this.appendedAudioBytes += bytes;
    // A scripted caller waits for the assistant: with `userTurns`, and whenever replies play in real time,
    // it is heard only while the assistant is neither speaking nor waiting on a tool (a barge-in is then
    // the client's own interrupt, never the script talking over a reply by accident).
    const waits = this.script.userTurns !== undefined || this.script.chunkIntervalMs > 0;
    if (waits && ((this.streaming && !this.streaming.cancelled) || this.toolTurn)) return;
    this.pendingTurnBytes += bytes;
    const turn = this.script.userTurns?.[this.turnsHeard];
    const transcript = this.script.userTurns
      ? turn?.transcript
      : this.script.userTranscripts[this.turnsHeard];
    if (transcript === undefined || this.pendingTurnBytes < this.script.bytesPerUserTurn) return;
    const heardMs = (this.pendingTurnBytes / this.inputBytesPerSecond()) * 1000;
    this.pendingTurnBytes = 0;
    this.turnsHeard += 1;
    const itemId = `item_${randomUUID()}`;
    this.speechStartedAt.push(performance.now());
    this.send({ type: 'input_audio_buffer.speech_started', audio_start_ms: 0, item_id: itemId });
    // The caller goes on speaking for `userSpeechMs` before server VAD hears the turn end: a latency
    // measured from speech_started instead of speech_stopped is then longer by that much.
    const speechMs = this.script.userSpeechMs ?? 0;
    if (speechMs > 0) setTimeout(() => this.turnEnded(itemId, transcript, turn, heardMs), speechMs);
    else this.turnEnded(itemId, transcript, turn, heardMs);
  }

  /** The caller's turn is over: speech_stopped, the committed item, its transcription and the reply. */
  private turnEnded(
    itemId: string,
    transcript: string,
    turn: RealtimeFakeTurn | undefined,
    heardMs: number,
  ): void {
    this.speechStoppedAt.push(performance.now());
    this.send({
      type: 'input_audio_buffer.speech_stopped',
      audio_end_ms: 500 + (this.script.userSpeechMs ?? 0),
      item_id: itemId,
    });
    this.send({ type: 'input_audio_buffer.committed', item_id: itemId, previous_item_id: null });
    const usage = this.usage.userTurn(transcript, heardMs, this.transcriptionModel());
    const transcribed = () =>
      this.send({
        type: 'conversation.item.input_audio_transcription.completed',
        item_id: itemId,
        content_index: 0,
        transcript,
        usage,
      });
    const delay = this.script.responseDelayMs ?? 0;
    const respond = () =>
      delay > 0
        ? new Promise((done) => setTimeout(done, delay)).then(() => this.respond(turn))
        : this.respond(turn);
    if (!this.script.transcriptionAfterResponse) {
      transcribed();
      void respond();
    } else void respond().then(transcribed);
  }

  /** The model the latest session.update asked to transcribe the caller with. */
  private transcriptionModel(): unknown {
    const update = this.received.findLast((event) => event.type === 'session.update');
    return (update?.session as { audio?: { input?: { transcription?: { model?: unknown } } } } | undefined)
      ?.audio?.input?.transcription?.model;
  }

  /** Bytes of caller audio per second in the session's input format (PCM16 24 kHz unless G.711). */
  private inputBytesPerSecond(): number {
    const update = this.received.findLast((event) => event.type === 'session.update');
    const format = (update?.session as { audio?: { input?: { format?: { type?: string } } } } | undefined)
      ?.audio?.input?.format?.type;
    return format === 'audio/pcmu' || format === 'audio/pcma' ? 8_000 : 48_000;
  }

  /** The tools the client's latest session.update offered. */
  private offeredTools(): string[] {
    const update = this.received.findLast((event) => event.type === 'session.update');
    const tools = (update?.session as { tools?: { name?: string }[] } | undefined)?.tools ?? [];
    return tools.flatMap((tool) => (tool.name ? [tool.name] : []));
  }

  /** What a response says: a `userTurns` turn's reply, the answer to its tool's output, or the script's. */
  private replyText(turn: RealtimeFakeTurn | undefined): string {
    if (turn) return turn.reply ?? this.script.assistantReply;
    const asked = this.toolTurn;
    if (!asked?.replyAfterTool) return this.script.assistantReply;
    this.toolTurn = null;
    const output = this.received.findLast(
      (event) => (event.item as { type?: string } | undefined)?.type === 'function_call_output',
    );
    const text = String((output?.item as { output?: unknown } | undefined)?.output ?? '');
    return typeof asked.replyAfterTool === 'function' ? asked.replyAfterTool(text) : asked.replyAfterTool;
  }

  private async respond(turn?: RealtimeFakeTurn): Promise<void> {
    // Server VAD starts no second response while one is active.
    if (this.active) return;
    const responseId = `resp_${randomUUID()}`;
    const itemId = `item_${randomUUID()}`;
    const base = { response_id: responseId, item_id: itemId, output_index: 0, content_index: 0 };
    this.active = responseId;
    // The response is active from the moment it was asked for; the client hears of it only later.
    const latency = this.script.responseLatencyMs ?? 0;
    if (latency > 0) await new Promise((done) => setTimeout(done, latency));
    this.send({ type: 'response.created', response: { id: responseId, status: 'in_progress', output: [] } });
    const turnCall = turn?.functionCall && this.offeredTools().includes(turn.functionCall.name);
    const scripted =
      this.script.functionCalls ?? (this.script.functionCall ? [this.script.functionCall] : []);
    if (turnCall || (!turn && scripted.length > 0 && !this.asked)) {
      const calls = (turnCall ? [turn?.functionCall] : scripted) as { name: string; arguments: string }[];
      if (turnCall) this.toolTurn = turn ?? null;
      else this.asked = true;
      for (const [index, { name, arguments: args }] of calls.entries()) {
        this.send({
          type: 'response.function_call_arguments.done',
          ...base,
          item_id: `item_${randomUUID()}`,
          output_index: index,
          call_id: `call_${randomUUID()}`,
          name,
          arguments: args,
        });
      }
      this.active = null;
      const usage = this.usage.response(calls.map((call) => call.name + call.arguments).join(''), 0);
      this.send({
        type: 'response.done',
        response: { id: responseId, status: 'completed', output: [], usage },
      });
      return;
    }
    const streaming = { responseId, cancelled: false };
    this.streaming = streaming;
    this.send({
      type: 'response.output_item.added',
      response_id: responseId,
      output_index: 0,
      item: { id: itemId, type: 'message', role: 'assistant', status: 'in_progress', content: [] },
    });
    const reply = this.replyText(turn);
    const words = reply.split(' ');
    const chunks = Math.max(1, this.script.audioChunksPerReply);
    // Text and audio are generated together: each chunk's words come just before the chunk that speaks them.
    const wordsOf = (chunk: number) =>
      words.filter((_, index) => Math.floor((index * chunks) / words.length) === chunk);
    this.audioBytes.set(itemId, 0);
    const startedAt = performance.now();
    let said = 0;
    for (let chunk = 0; chunk < this.script.audioChunksPerReply && !streaming.cancelled; chunk++) {
      for (const word of wordsOf(chunk)) {
        this.send({
          type: 'response.output_audio_transcript.delta',
          ...base,
          delta: said === 0 ? word : ` ${word}`,
        });
        said += 1;
      }
      this.sentAudioAt.push(performance.now());
      const audio = this.audioBytesPerSecond() === 8_000 ? MULAW_TONE : toneChunk();
      this.audioBytes.set(itemId, (this.audioBytes.get(itemId) ?? 0) + audio.length);
      this.send({ type: 'response.output_audio.delta', ...base, delta: audio.toString('base64') });
      if (this.script.chunkIntervalMs > 0)
        await new Promise((done) => setTimeout(done, this.script.chunkIntervalMs));
    }
    // Generation outpaces playback: the transcript is done long before the caller has heard it all.
    if (!streaming.cancelled)
      this.send({ type: 'response.output_audio_transcript.done', ...base, transcript: reply });
    const status = streaming.cancelled ? 'cancelled' : 'completed';
    if (!streaming.cancelled) this.send({ type: 'response.output_audio.done', ...base });
    this.active = null;
    const sentMs = ((this.audioBytes.get(itemId) ?? 0) / this.audioBytesPerSecond()) * 1000;
    const usage = this.usage.response(words.slice(0, said).join(' '), sentMs);
    this.send({ type: 'response.done', response: { id: responseId, status, output: [], usage } });
    // Played out in real time (e2e, sandbox): a scripted caller is heard only once the reply has been
    // heard to its end (μ-law plays six times slower than PCM16 bytes are sent), unless it was cut off.
    if (this.script.chunkIntervalMs > 0 && !streaming.cancelled) {
      const playMs = ((this.audioBytes.get(itemId) ?? 0) / this.audioBytesPerSecond()) * 1000;
      const left = startedAt + playMs - performance.now();
      if (left > 0) await new Promise((done) => setTimeout(done, left));
    }
    this.streaming = null;
  }
}
