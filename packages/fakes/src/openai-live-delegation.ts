import { randomUUID } from 'node:crypto';
import type { LiveRefusal } from './openai-live-config.ts';
import type { LiveFakeScript, LiveFakeTurn } from './openai-live-script.ts';

type Send = (event: Record<string, unknown>) => void;
type OpenCall = { delegationId: string; name: string; output: string | null; turn: LiveFakeTurn };

const id = (prefix: string) => `${prefix}_${randomUUID().replaceAll('-', '')}`;

/**
 * Responses delegation as the Live API runs it: the backend's stream arrives wrapped in `response.event`
 * under the delegation's id (created → function call items → completed, with lifecycle snapshots whose
 * output, tools and instructions are cleared); the app answers each call with `response.item.create`
 * and continues with `response.create`, and the voice model speaks the backend's answer.
 */
export class LiveResponsesDelegation {
  private readonly calls = new Map<string, OpenCall>();
  private sequence = 0;
  /** Every usage sent in `response.completed`, in order (tests sum them). */
  readonly usages: Record<string, unknown>[] = [];

  private readonly script: () => LiveFakeScript;
  private readonly model: () => string;
  private readonly send: Send;
  private readonly offsetMs: () => number;
  private readonly speak: (text: string) => void;

  constructor(hooks: {
    script: () => LiveFakeScript;
    model: () => string;
    send: Send;
    offsetMs: () => number;
    speak: (text: string) => void;
  }) {
    this.script = hooks.script;
    this.model = hooks.model;
    this.send = hooks.send;
    this.offsetMs = hooks.offsetMs;
    this.speak = hooks.speak;
  }

  /** Calls still waiting for their output. */
  get waiting(): boolean {
    return [...this.calls.values()].some((call) => call.output === null);
  }

  /** The voice model hands `turn` to the backend, which asks for its function call. */
  delegate(turn: LiveFakeTurn, call: { name: string; arguments: string }): void {
    const delegationId = id('del');
    const responseId = id('resp');
    this.send({
      type: 'session.delegation.created',
      offset_ms: this.offsetMs(),
      delegation: { id: delegationId, target: 'responses', type: 'delegation', response_id: responseId },
    });
    const callId = id('call');
    const itemId = id('fc');
    const item = { type: 'function_call', id: itemId, call_id: callId, name: call.name };
    this.calls.set(callId, { delegationId, name: call.name, output: null, turn });
    this.emit(delegationId, { type: 'response.created', response: this.snapshot(responseId, 'in_progress') });
    this.emit(delegationId, {
      type: 'response.output_item.added',
      output_index: 0,
      item: { ...item, status: 'in_progress', arguments: '' },
    });
    this.emit(delegationId, {
      type: 'response.function_call_arguments.done',
      output_index: 0,
      item_id: itemId,
      arguments: call.arguments,
    });
    this.emit(delegationId, {
      type: 'response.output_item.done',
      output_index: 0,
      item: { ...item, status: 'completed', arguments: call.arguments },
    });
    this.completed(delegationId, responseId);
  }

  /** `response.item.create`: one `function_call_output` per open call [3P]; other input items pass. */
  itemCreate(item: unknown): LiveRefusal | null {
    const body = (item ?? {}) as { type?: unknown; call_id?: unknown; output?: unknown };
    if (body.type !== 'function_call_output') return null;
    const call = this.calls.get(String(body.call_id));
    if (!call)
      return {
        code: 'invalid_value',
        message: `No function call with call_id ${String(body.call_id)}.`,
        param: 'item.call_id',
      };
    if (typeof body.output !== 'string')
      return { code: 'invalid_type', message: 'item.output must be a string.', param: 'item.output' };
    if (call.output !== null && this.script().oneOutputPerCall3p)
      return {
        code: 'invalid_value',
        message: `call_id ${String(body.call_id)} already has an output.`,
        param: 'item.call_id',
      };
    call.output = body.output;
    return null;
  }

  /** `response.create`: the backend goes on once every open call has its output [3P partial batch]. */
  responseCreate(): LiveRefusal | null {
    if (this.waiting && this.script().refusePartialBatch3p)
      return {
        code: 'invalid_request_error',
        message: 'Every open function call needs an output before response.create.',
      };
    const answered = [...this.calls.entries()].filter(([, call]) => call.output !== null);
    for (const [callId] of answered) this.calls.delete(callId);
    const last = answered.at(-1)?.[1];
    const delegationId = last?.delegationId ?? null;
    const text = last ? replyTo(last, this.script().assistantReply) : this.script().assistantReply;
    const responseId = id('resp');
    this.emit(delegationId, { type: 'response.created', response: this.snapshot(responseId, 'in_progress') });
    const item = { type: 'message', id: id('msg'), role: 'assistant' };
    this.emit(delegationId, {
      type: 'response.output_item.added',
      output_index: 0,
      item: { ...item, status: 'in_progress', content: [] },
    });
    this.emit(delegationId, {
      type: 'response.output_text.delta',
      output_index: 0,
      content_index: 0,
      item_id: item.id,
      delta: text,
    });
    this.emit(delegationId, {
      type: 'response.output_item.done',
      output_index: 0,
      item: { ...item, status: 'completed', content: [{ type: 'output_text', text, annotations: [] }] },
    });
    this.completed(delegationId, responseId);
    const delay = this.script().responseDelayMs;
    if (delay > 0) setTimeout(() => this.speak(text), delay).unref();
    else this.speak(text);
    return null;
  }

  private completed(delegationId: string | null, responseId: string): void {
    const { input, cached, output, reasoning } = this.script().backendTokens;
    const usage = {
      input_tokens: input,
      input_tokens_details: { cached_tokens: cached },
      output_tokens: output,
      output_tokens_details: { reasoning_tokens: reasoning },
      total_tokens: input + output,
    };
    this.usages.push(usage);
    this.emit(delegationId, {
      type: 'response.completed',
      response: { ...this.snapshot(responseId, 'completed'), usage },
    });
  }

  /** A lifecycle snapshot: input omitted, instructions, tools and output cleared. */
  private snapshot(responseId: string, status: string) {
    return {
      id: responseId,
      object: 'response',
      status,
      model: this.model(),
      instructions: null,
      tools: [],
      output: [],
    };
  }

  private emit(delegationId: string | null, event: Record<string, unknown>): void {
    this.sequence += 1;
    this.send({
      type: 'response.event',
      delegation_id: delegationId,
      event: { ...event, sequence_number: this.sequence },
    });
  }
}

function replyTo(call: OpenCall, fallback: string): string {
  const after = call.turn.replyAfterTool;
  if (typeof after === 'function') return after(call.output ?? '');
  return after ?? fallback;
}
