import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startOpenAILiveFake } from './openai-live-fake.ts';

const fake = await startOpenAILiveFake({ apiKey: 'sk-test', script: { msPerWord: 40 } });
afterAll(() => fake.close());

type Event = { type: string; [key: string]: unknown };
const PCMU = { type: 'audio/pcmu', rate: 8000 };
const TOOL = {
  type: 'function',
  name: 'check_calendar',
  description: 'Reads the diary',
  parameters: { type: 'object' },
};

/** A primary (or, with `attach`, sideband) socket and everything it receives. */
async function dial(attach?: string) {
  const path = attach ? `/live/sessions/${attach}/attach` : '/live/sessions';
  const socket = new WebSocket(`${fake.baseURL.replace('https', 'wss')}${path}`, {
    ca: fake.ca,
    headers: { Authorization: 'Bearer sk-test' },
  });
  const events: Event[] = [];
  socket.on('message', (data) => events.push(JSON.parse(data.toString())));
  await new Promise((resolve) => socket.once('open', resolve));
  const send = (event: Record<string, unknown>) => socket.send(JSON.stringify(event));
  // biome-ignore lint/suspicious/noExplicitAny: each test reads the fields of the event type it asked for
  const of = (type: string): any[] => events.filter((event) => event.type === type);
  const errors = () =>
    of('error').map((event) => event.error as { code: string; message: string; param?: string });
  const until = (type: string, count = 1) =>
    expect.poll(() => of(type).length, { timeout: 5_000 }).toBeGreaterThanOrEqual(count);
  return { socket, events, send, of, errors, until };
}

async function started(session: Record<string, unknown> = {}) {
  const client = await dial();
  client.send({
    type: 'session.start',
    session: { model: 'gpt-live-1', audio: { format: PCMU }, ...session },
  });
  await client.until('session.started');
  return client;
}

const responsesDelegation = { type: 'responses', responses: { model: 'gpt-5.6-terra', tools: [TOOL] } };

describe('the Live fake starts a session strictly', () => {
  it('refuses anything before session.start, then starts once, with the resolved defaults', async () => {
    const client = await dial();
    client.send({ type: 'session.commentary.append', content: 'Hello', delegation_id: null });
    client.send({
      type: 'session.start',
      event_id: 'ev1',
      session: { model: 'gpt-live-1', audio: { format: PCMU } },
    });
    await client.until('session.started');
    client.send({ type: 'session.start', session: { model: 'gpt-live-1' } });
    await client.until('error', 2);
    const [startedEvent] = client.of('session.started') as [
      { session: Record<string, unknown>; client_event_id?: string },
    ];
    expect(startedEvent.client_event_id).toBe('ev1');
    expect(startedEvent.session).toMatchObject({
      model: 'gpt-live-1',
      status: 'active',
      audio: { format: PCMU, output: { voice: 'marin' } },
      delegation: { type: 'client' },
      input: [],
      store: false,
    });
    expect(String(startedEvent.session.id)).toMatch(/^live_/);
    expect(client.errors().map((error) => error.code)).toEqual([
      'invalid_request_error',
      'invalid_request_error',
    ]);
    client.socket.close();
  });

  it('refuses an unknown field, a model in the URL, a wrong G.711 rate and a model it does not serve', async () => {
    const client = await dial();
    client.send({ type: 'session.start', session: { model: 'gpt-live-1', turn_detection: {} } });
    client.send({
      type: 'session.start',
      session: { model: 'gpt-live-1', audio: { format: { type: 'audio/pcmu', rate: 16000 } } },
    });
    client.send({ type: 'session.start', session: { model: 'gpt-realtime-2.1' } });
    await client.until('error', 3);
    expect(client.errors()).toEqual([
      expect.objectContaining({ code: 'unknown_parameter', param: 'session.turn_detection' }),
      expect.objectContaining({ code: 'invalid_value', param: 'session.audio.format.rate' }),
      expect.objectContaining({ code: 'model_not_found' }),
    ]);
    const withQuery = new WebSocket(
      `${fake.baseURL.replace('https', 'wss')}/live/sessions?model=gpt-live-1`,
      {
        ca: fake.ca,
        headers: { Authorization: 'Bearer sk-test' },
      },
    );
    const status = await new Promise((resolve) =>
      withQuery.once('unexpected-response', (_req, res) => resolve(res.statusCode)),
    );
    expect(status).toBe(404);
    client.socket.close();
  });

  it('lets session.update change delegation settings only, and never the delegation type', async () => {
    const client = await started({ delegation: responsesDelegation, instructions: 'Be brief.' });
    client.send({ type: 'session.update', session: { instructions: 'Be long.' } });
    client.send({ type: 'session.update', session: { delegation: { type: 'client' } } });
    client.send({
      type: 'session.update',
      session: { delegation: { type: 'responses', responses: { tools: [] } } },
    });
    await client.until('session.updated');
    expect(client.errors()).toEqual([
      expect.objectContaining({ code: 'unknown_parameter', param: 'session.instructions' }),
      expect.objectContaining({ code: 'invalid_value', param: 'session.delegation.type' }),
    ]);
    const [updated] = client.of('session.updated') as [
      { session: { delegation: { responses: unknown }; instructions: string } },
    ];
    // A sparse merge: the model stays, the tools are replaced; the instructions are unchanged.
    expect(updated.session.delegation.responses).toEqual({ model: 'gpt-5.6-terra', tools: [] });
    expect(updated.session.instructions).toBe('Be brief.');
    client.socket.close();
  });
});

describe('the Live fake speaks and listens in real time', () => {
  it('streams output frames at real-time pace, silence included, with no timestamps on the primary', async () => {
    const client = await started();
    const audio = () => client.events.filter((event) => event.type === 'session.output_audio.delta');
    const before = audio().length;
    const from = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 600));
    const frames = audio().length - before;
    const expected = (performance.now() - from) / 20;
    expect(frames).toBeGreaterThan(expected - 4);
    expect(frames).toBeLessThan(expected + 4);
    const last = audio().at(-1) as unknown as { delta: string; start_ms?: number };
    expect(Buffer.from(last.delta, 'base64')).toEqual(Buffer.alloc(160, 0xff));
    expect(last.start_ms).toBeUndefined();
    client.socket.close();
  });

  it('speaks a commentary with timed transcript deltas and never sends a transcript done event', async () => {
    const client = await started();
    client.send({
      type: 'session.commentary.append',
      content: 'Greet the caller.',
      delegation_id: null,
      event_id: 'greet',
    });
    await client.until('session.output_transcript.delta', 5);
    const [appended] = client.of('session.commentary.appended') as [
      { client_event_id: string; start_ms: number },
    ];
    expect(appended.client_event_id).toBe('greet');
    const deltas = client.of('session.output_transcript.delta') as unknown as {
      delta: string;
      start_ms: number;
      end_ms: number;
    }[];
    expect(deltas.map((delta) => delta.delta).join('')).toBe(' Good afternoon, this is James.');
    for (const [index, delta] of deltas.entries()) {
      expect(delta.end_ms).toBeGreaterThan(delta.start_ms);
      if (index > 0) expect(delta.start_ms).toBeGreaterThanOrEqual(deltas[index - 1]?.end_ms ?? 0);
    }
    expect(client.events.some((event) => /done|completed/.test(event.type))).toBe(false);
    client.socket.close();
  });

  it('refuses an append without delegation_id, and audio that is not base64 in the session format', async () => {
    const client = await started();
    client.send({ type: 'session.commentary.append', content: 'Hi' });
    client.send({ type: 'session.input_audio.append', audio: 'not base64!' });
    await client.until('error', 2);
    expect(client.errors().map((error) => error.param)).toEqual(['delegation_id', 'audio']);
    client.socket.close();
  });
});

describe('the Live fake delegates tools to Responses', () => {
  it('wraps the backend stream in response.event, takes one output per call, and speaks the answer', async () => {
    fake.setScript({
      userTurns: [
        {
          transcript: 'What is on today?',
          functionCall: { name: 'check_calendar', arguments: '{}' },
          replyAfterTool: (out) => `You have ${JSON.parse(out).count} meetings.`,
        },
      ],
    });
    const client = await started({ delegation: { ...responsesDelegation, acknowledgement_delay_ms: 5_000 } });
    client.send({ type: 'session.input_audio.append', audio: Buffer.alloc(4_000, 0x10).toString('base64') });
    await client.until('response.event', 5);
    const inner = client.of('response.event').map((event) => event.event as Record<string, unknown>);
    expect(inner.map((event) => event.type)).toEqual([
      'response.created',
      'response.output_item.added',
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.completed',
    ]);
    const [delegated] = client.of('session.delegation.created') as [
      { delegation: { id: string; target: string } },
    ];
    expect(delegated.delegation.target).toBe('responses');
    expect(
      client.of('response.event').every((event) => event.delegation_id === delegated.delegation.id),
    ).toBe(true);
    expect(inner[0]?.response).toMatchObject({ output: [], tools: [], instructions: null });
    const call = inner[3]?.item as { call_id: string; status: string; name: string };
    expect(call).toMatchObject({ status: 'completed', name: 'check_calendar' });
    expect(
      (client.of('session.input_transcript.delta') as unknown as { delta: string }[])
        .map((e) => e.delta)
        .join(''),
    ).toBe(' What is on today?');

    const output = { type: 'function_call_output', call_id: call.call_id, output: '{"count":2}' };
    client.send({ type: 'response.create' });
    client.send({ type: 'response.item.create', item: output });
    client.send({ type: 'response.item.create', item: output });
    client.send({ type: 'response.create' });
    await client.until('session.output_transcript.delta', 4);
    expect(client.errors().map((error) => error.message)).toEqual([
      'Every open function call needs an output before response.create.',
      `call_id ${call.call_id} already has an output.`,
    ]);
    const said = (client.of('session.output_transcript.delta') as unknown as { delta: string }[])
      .map((e) => e.delta)
      .join('');
    expect(said).toBe(' You have 2 meetings.');
    const usage = client.of('response.event').at(-1).event.response.usage;
    expect(usage).toMatchObject({
      input_tokens: 1_200,
      output_tokens: 60,
      input_tokens_details: { cached_tokens: 800 },
    });
    fake.setScript({ userTurns: [{ transcript: 'What is in my diary today?' }] });
    client.socket.close();
  });

  it('refuses response.item.create and response.create without Responses delegation', async () => {
    const client = await started();
    client.send({
      type: 'response.item.create',
      item: { type: 'function_call_output', call_id: 'x', output: '1' },
    });
    client.send({ type: 'response.create' });
    await client.until('error', 2);
    expect(client.errors().map((error) => error.message)).toEqual([
      'response.item.create requires Responses delegation.',
      'response.create requires Responses delegation.',
    ]);
    client.socket.close();
  });
});

describe('the Live fake reports usage and closes', () => {
  it('sends cumulative usage, then session.closed with the reason and the final usage', async () => {
    fake.setScript({ usageEveryMs: 100 });
    const client = await started();
    await client.until('session.usage.updated', 3);
    const closed = new Promise((resolve) => client.socket.once('close', resolve));
    client.send({ type: 'session.close' });
    await closed;
    const seconds = client
      .of('session.usage.updated')
      .map((event) => (event.usage as { seconds: number }).seconds);
    expect(seconds).toEqual([...seconds].sort((a, b) => a - b));
    const [end] = client.of('session.closed') as [{ reason: string; usage: { seconds: number } }];
    expect(end.reason).toBe('close_requested');
    expect(end.usage.seconds).toBeGreaterThanOrEqual(seconds.at(-1) ?? 0);
    fake.setScript({ usageEveryMs: 1_000 });
  });
});

describe('the Live sideband', () => {
  it('attaches to a running session, refuses audio appends and session.start, and sees timed PCM16 24 kHz audio', async () => {
    const primary = await started();
    const id: string = primary.of('session.started')[0].session.id;
    const sideband = await dial(id);
    sideband.send({ type: 'session.input_audio.append', audio: Buffer.alloc(160).toString('base64') });
    sideband.send({ type: 'session.start', session: { model: 'gpt-live-1' } });
    sideband.send({ type: 'session.commentary.append', content: 'Say hello.', delegation_id: null });
    await sideband.until('session.commentary.appended');
    await sideband.until('error', 2);
    const audio = sideband.of('session.output_audio.delta')[0] as {
      delta: string;
      start_ms: number;
      end_ms: number;
    };
    expect(audio.end_ms - audio.start_ms).toBe(20);
    expect(Buffer.from(audio.delta, 'base64')).toHaveLength(960);
    expect(primary.errors()).toEqual([]);
    primary.socket.close();
    sideband.socket.close();
  });

  it('refuses to attach to a session it does not run', async () => {
    const before = fake.refused();
    const socket = new WebSocket(`${fake.baseURL.replace('https', 'wss')}/live/sessions/live_nope/attach`, {
      ca: fake.ca,
      headers: { Authorization: 'Bearer sk-test' },
    });
    const status = await new Promise((resolve) =>
      socket.once('unexpected-response', (_req, res) => resolve(res.statusCode)),
    );
    expect(status).toBe(404);
    expect(fake.refused()).toBe(before + 1);
  });
});
