import type { ClientEvent } from 'openai/resources/live/live';
import { describe, expect, it, vi } from 'vitest';
import { LiveToolCalls } from './live-tool-calls.ts';

const call = (callId: string, name: string, status = 'completed') => ({
  type: 'response.output_item.done',
  item: { type: 'function_call', status, call_id: callId, name, arguments: '{"q":1}' },
});

function harness(runTool = vi.fn(async (name: string) => ({ ran: name }))) {
  const sent: ClientEvent[] = [];
  const answered: string[] = [];
  const tools = new LiveToolCalls(
    (event) => sent.push(event),
    runTool,
    (id) => answered.push(id),
  );
  return { sent, answered, tools, runTool };
}

describe('tools under Responses delegation', () => {
  it('answers every call of a response once, then continues it with one response.create', async () => {
    const { sent, tools, runTool, answered } = harness();
    tools.observe('del_1', call('call_a', 'check_calendar'));
    tools.observe('del_1', call('call_b', 'search_notes'));
    tools.observe('del_1', call('call_a', 'check_calendar'));
    tools.observe('del_1', { type: 'response.completed' });
    await vi.waitFor(() => expect(sent).toHaveLength(3));
    expect(runTool).toHaveBeenCalledTimes(2);
    expect(sent).toEqual([
      {
        type: 'response.item.create',
        item: { type: 'function_call_output', call_id: 'call_a', output: '{"ran":"check_calendar"}' },
      },
      {
        type: 'response.item.create',
        item: { type: 'function_call_output', call_id: 'call_b', output: '{"ran":"search_notes"}' },
      },
      { type: 'response.create' },
    ]);
    // The backend's answer to the outputs: the voice model speaks it next.
    expect(answered).toEqual([]);
    tools.observe('del_1', { type: 'response.completed' });
    expect(answered).toEqual(['del_1']);
  });

  it('drops the calls of a failed response and never runs an incomplete call', async () => {
    const { sent, tools, runTool } = harness();
    tools.observe('del_2', call('call_c', 'check_calendar', 'incomplete'));
    tools.observe('del_3', call('call_d', 'check_calendar'));
    tools.observe('del_3', { type: 'response.failed' });
    tools.observe('del_2', { type: 'response.completed' });
    await new Promise((done) => setTimeout(done, 20));
    expect(runTool).toHaveBeenCalledTimes(1);
    expect(sent).toEqual([]);
  });

  it('sends a tool’s failure back as its output', async () => {
    const { sent, tools } = harness(
      vi.fn(async () => {
        throw new Error('Calendar unavailable');
      }),
    );
    tools.observe('del_4', call('call_e', 'check_calendar'));
    tools.observe('del_4', { type: 'response.completed' });
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]).toMatchObject({ item: { output: '{"error":"Calendar unavailable"}' } });
  });
});
