import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { type RealtimeFakeScript, type RealtimeFakeTurn, toneChunk } from './openai-realtime-script.ts';

export type ClientEvent = { type: string; [key: string]: unknown };

/**
 * One realtime connection as OpenAI would run it, scripted: it records every client event, answers
 * session.update, turns enough caller audio into a transcribed user turn, and streams a spoken reply
 * (transcript and audio deltas) that response.cancel stops.
 */
export class RealtimeFakeSession {
  readonly received: ClientEvent[] = [];
  /** `performance.now()` when each received event arrived (for benchmarks in the same process). */
  readonly receivedAt: number[] = [];
  /** `performance.now()` when each assistant audio delta was sent (for benchmarks in the same process). */
  readonly sentAudioAt: number[] = [];
  readonly url: string;
  readonly headers: Record<string, string | string[] | undefined>;
  appendedAudioBytes = 0;
  private pendingTurnBytes = 0;
  private turnsHeard = 0;
  private streaming: { responseId: string; cancelled: boolean } | null = null;
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
    if (event.type === 'session.update') this.send({ type: 'session.updated', session: event.session });
    else if (event.type === 'input_audio_buffer.append') this.onAudio(String(event.audio));
    else if (event.type === 'response.create') void this.respond();
    else if (event.type === 'response.cancel' && this.streaming) this.streaming.cancelled = true;
    else if (event.type === 'conversation.item.truncate') {
      this.send({
        type: 'conversation.item.truncated',
        item_id: event.item_id,
        content_index: event.content_index,
        audio_end_ms: event.audio_end_ms,
      });
    }
  }

  private onAudio(base64: string): void {
    const bytes = Buffer.from(base64, 'base64').length;
    this.appendedAudioBytes += bytes;
    // With `userTurns`, the caller is heard only while the assistant is neither speaking nor waiting on a tool.
    if (this.script.userTurns && ((this.streaming && !this.streaming.cancelled) || this.toolTurn)) return;
    this.pendingTurnBytes += bytes;
    const turn = this.script.userTurns?.[this.turnsHeard];
    const transcript = this.script.userTurns
      ? turn?.transcript
      : this.script.userTranscripts[this.turnsHeard];
    if (transcript === undefined || this.pendingTurnBytes < this.script.bytesPerUserTurn) return;
    this.pendingTurnBytes = 0;
    this.turnsHeard += 1;
    const itemId = `item_${randomUUID()}`;
    this.send({ type: 'input_audio_buffer.speech_started', audio_start_ms: 0, item_id: itemId });
    this.send({ type: 'input_audio_buffer.speech_stopped', audio_end_ms: 500, item_id: itemId });
    this.send({ type: 'input_audio_buffer.committed', item_id: itemId, previous_item_id: null });
    this.send({
      type: 'conversation.item.input_audio_transcription.completed',
      item_id: itemId,
      content_index: 0,
      transcript,
    });
    void this.respond(turn);
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
    if (this.streaming && !this.streaming.cancelled) return;
    const responseId = `resp_${randomUUID()}`;
    const itemId = `item_${randomUUID()}`;
    const base = { response_id: responseId, item_id: itemId, output_index: 0, content_index: 0 };
    this.send({ type: 'response.created', response: { id: responseId, status: 'in_progress', output: [] } });
    const turnCall = turn?.functionCall && this.offeredTools().includes(turn.functionCall.name);
    if (turnCall || (!turn && this.script.functionCall && !this.asked)) {
      const call = (turnCall ? turn?.functionCall : this.script.functionCall) as {
        name: string;
        arguments: string;
      };
      if (turnCall) this.toolTurn = turn ?? null;
      else this.asked = true;
      const { name, arguments: args } = call;
      this.send({
        type: 'response.function_call_arguments.done',
        ...base,
        call_id: `call_${randomUUID()}`,
        name,
        arguments: args,
      });
      this.send({ type: 'response.done', response: { id: responseId, status: 'completed', output: [] } });
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
    for (const [index, word] of words.entries()) {
      this.send({
        type: 'response.output_audio_transcript.delta',
        ...base,
        delta: index === 0 ? word : ` ${word}`,
      });
    }
    // The scripted text is known up front, so its transcript is complete before the audio plays out.
    this.send({
      type: 'response.output_audio_transcript.done',
      ...base,
      transcript: reply,
    });
    for (let chunk = 0; chunk < this.script.audioChunksPerReply && !streaming.cancelled; chunk++) {
      this.sentAudioAt.push(performance.now());
      this.send({ type: 'response.output_audio.delta', ...base, delta: toneChunk().toString('base64') });
      if (this.script.chunkIntervalMs > 0)
        await new Promise((done) => setTimeout(done, this.script.chunkIntervalMs));
    }
    const status = streaming.cancelled ? 'cancelled' : 'completed';
    if (!streaming.cancelled) this.send({ type: 'response.output_audio.done', ...base });
    this.send({ type: 'response.done', response: { id: responseId, status, output: [] } });
    this.streaming = null;
  }
}
