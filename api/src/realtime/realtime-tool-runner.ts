import type { OpenAIRealtimeWS } from 'openai/realtime/ws';
import type { ResponseFunctionCallArgumentsDoneEvent } from 'openai/resources/realtime/realtime';

/** Runs one tool the model asked for; what it returns (or throws) goes back to the model. */
export type ToolRunner = (name: string, args: Record<string, unknown>) => Promise<unknown>;

/** Part 1 §5: arguments that do not parse as a JSON object are treated as empty. */
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

/** The tool loop: run, return the output as a function_call_output item, ask for the next response. */
export async function runRequestedTool(
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
  rt.send({ type: 'response.create' });
}
