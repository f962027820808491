import type { OpenAIRealtimeWS } from 'openai/realtime/ws';
import type { ResponseFunctionCallArgumentsDoneEvent } from 'openai/resources/realtime/realtime';

/** Runs one tool the model asked for; what it returns (or throws) goes back to the model. */
export type ToolRunner = (name: string, args: Record<string, unknown>) => Promise<unknown>;

/** Arguments that do not parse as a JSON object are treated as empty. */
export function parseToolArguments(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** Runs one call and returns its output to the model as a function_call_output item. */
async function answerCall(
  rt: OpenAIRealtimeWS,
  runTool: ToolRunner | undefined,
  call: ResponseFunctionCallArgumentsDoneEvent,
): Promise<void> {
  let output: unknown;
  try {
    output = runTool
      ? await runTool(call.name, parseToolArguments(call.arguments))
      : { error: `No tools are available in this session (asked for ${call.name})` };
  } catch (error) {
    output = { error: (error as Error).message || 'The tool failed' };
  }
  if (rt.socket.readyState !== rt.socket.OPEN) return;
  rt.send({
    type: 'conversation.item.create',
    item: { type: 'function_call_output', call_id: call.call_id, output: JSON.stringify(output ?? null) },
  });
}

/**
 * The tool loop. A response may ask for several tools; OpenAI allows one response at a time, so the
 * next response is asked for once, after that response is done and every one of its calls answered.
 */
export class ToolTurns {
  private readonly responses = new Map<string, Promise<void>[]>();
  private readonly rt: OpenAIRealtimeWS;
  private readonly runTool: ToolRunner | undefined;
  private readonly askNext: () => void;

  /** `askNext` sends the response.create (the bridge knows whether one may start now). */
  constructor(rt: OpenAIRealtimeWS, runTool: ToolRunner | undefined, askNext: () => void) {
    this.rt = rt;
    this.runTool = runTool;
    this.askNext = askNext;
  }

  call(event: ResponseFunctionCallArgumentsDoneEvent): void {
    const running = this.responses.get(event.response_id) ?? [];
    running.push(answerCall(this.rt, this.runTool, event));
    this.responses.set(event.response_id, running);
  }

  /** The response is done: once its calls are answered, the model is asked to go on. */
  responseDone(responseId: string): void {
    const running = this.responses.get(responseId);
    if (!running) return;
    this.responses.delete(responseId);
    void Promise.all(running).then(() => {
      if (this.rt.socket.readyState === this.rt.socket.OPEN) this.askNext();
    });
  }
}
