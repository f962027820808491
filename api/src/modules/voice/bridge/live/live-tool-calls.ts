import type { ClientEvent } from 'openai/resources/live/live';
import { parseToolArguments, type ToolRunner } from '../realtime-tool-runner.ts';

type FunctionCallItem = {
  type?: string;
  status?: string;
  call_id?: string;
  name?: string;
  arguments?: string;
};
type Batch = { calls: Map<string, Promise<string>>; completed: boolean; failed: boolean };

/** A Responses stream event as GPT-Live wraps it in `response.event`. */
export type DelegatedEvent = { type?: string; item?: FunctionCallItem; response?: { id?: string } };

/**
 * Tools under Responses delegation. The backend's function calls arrive inside `response.event`; each
 * completed call runs through the same runner (and trust gate) as on Realtime, its output goes back
 * with `response.item.create`, one per call, and once every call of the response is answered and the
 * response is complete, one `response.create` lets the backend go on. The calls of a failed or
 * incomplete response are dropped: GPT-Live refuses outputs for them [3P LiveKit].
 */
export class LiveToolCalls {
  /** Open batches by delegation: the calls one delegated response asked for. */
  private readonly batches = new Map<string, Batch>();
  private readonly send: (event: ClientEvent) => void;
  private readonly runTool: ToolRunner | undefined;
  private readonly answered: (delegationId: string) => void;
  /** Delegations sent on with `response.create`, whose backend answer has not completed yet. */
  private readonly continuing = new Set<string>();

  /**
   * `answered` hears when the backend has answered the tools' outputs: the voice model speaks that
   * answer next (GPT-Live has no event for the end of what it says).
   */
  constructor(
    send: (event: ClientEvent) => void,
    runTool: ToolRunner | undefined,
    answered: (delegationId: string) => void,
  ) {
    this.send = send;
    this.runTool = runTool;
    this.answered = answered;
  }

  /** One nested Responses event of delegation `delegationId`. */
  observe(delegationId: string, event: DelegatedEvent): void {
    const batch = this.batchOf(delegationId);
    if (event.type === 'response.output_item.done' && event.item?.type === 'function_call') {
      // Only a completed call is run; an incomplete one never gets an output.
      const { call_id: callId, name, status } = event.item;
      if (status === 'completed' && callId && name && !batch.calls.has(callId))
        batch.calls.set(callId, this.run(name, event.item.arguments ?? ''));
    } else if (event.type === 'response.completed') {
      batch.completed = true;
      if (batch.calls.size === 0 && this.continuing.delete(delegationId)) this.answered(delegationId);
      void this.continueWhenAnswered(delegationId, batch);
    } else if (event.type === 'response.failed' || event.type === 'response.incomplete') {
      batch.failed = true;
      this.batches.delete(delegationId);
    }
  }

  private batchOf(delegationId: string): Batch {
    const known = this.batches.get(delegationId);
    if (known) return known;
    const batch: Batch = { calls: new Map(), completed: false, failed: false };
    this.batches.set(delegationId, batch);
    return batch;
  }

  /** Runs one call; what it returns (or throws) is its output, as JSON text. */
  private async run(name: string, args: string): Promise<string> {
    let output: unknown;
    try {
      output = this.runTool
        ? await this.runTool(name, parseToolArguments(args))
        : { error: `No tools are available in this session (asked for ${name})` };
    } catch (error) {
      output = { error: (error as Error).message || 'The tool failed' };
    }
    return JSON.stringify(output ?? null);
  }

  private async continueWhenAnswered(delegationId: string, batch: Batch): Promise<void> {
    if (batch.calls.size === 0) {
      this.batches.delete(delegationId);
      return;
    }
    const outputs = await Promise.all(
      [...batch.calls].map(async ([callId, output]) => [callId, await output] as const),
    );
    if (batch.failed || this.batches.get(delegationId) !== batch) return;
    this.batches.delete(delegationId);
    for (const [callId, output] of outputs)
      this.send({
        type: 'response.item.create',
        item: { type: 'function_call_output', call_id: callId, output },
      });
    this.send({ type: 'response.create' });
    this.continuing.add(delegationId);
  }
}
