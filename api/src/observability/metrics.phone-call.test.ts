import { randomUUID } from 'node:crypto';
import { calleeAudio } from '@annie/fakes/mulaw';
import { describe, expect, it } from 'vitest';
import { phoneCallHelpers } from '../modules/voice/phone-calls/testing/phone-call-helpers.ts';
import { startPhoneHarness } from '../modules/voice/phone-calls/testing/phone-test-harness.ts';
import { registry } from './metrics.ts';
import { labelValues, metricValue } from './testing/metric-values.ts';

// A caller (the fake Twilio callee) speaks two turns; the model takes a message on the first one.
const phone = await startPhoneHarness({
  script: { userTranscripts: ['Please tell her I called', 'Thanks'], responseDelayMs: 50 },
});
const { twilio, realtime, client, app } = phone;
const { waitFor, latestSession } = phoneCallHelpers(phone);
const CALLED = '+14155553901';

const phoneLabels = { use: 'phone', engine: 'realtime' };
const counts = async () => ({
  calls: await metricValue('annie_calls_started_total', phoneLabels),
  turns: await metricValue(
    'annie_call_turn_latency_seconds',
    phoneLabels,
    'annie_call_turn_latency_seconds_count',
  ),
  frames: await metricValue(
    'annie_call_frame_delay_seconds',
    phoneLabels,
    'annie_call_frame_delay_seconds_count',
  ),
  tools: await metricValue(
    'annie_tool_run_duration_seconds',
    { tool: 'take_message', outcome: 'ok' },
    'annie_tool_run_duration_seconds_count',
  ),
  openai: await metricValue(
    'annie_provider_request_duration_seconds',
    { provider: 'openai', outcome: 'ok' },
    'annie_provider_request_duration_seconds_count',
  ),
  twilio: await metricValue(
    'annie_provider_request_duration_seconds',
    { provider: 'twilio', outcome: 'ok' },
    'annie_provider_request_duration_seconds_count',
  ),
});

describe('metrics after a played phone call', () => {
  it('the call, its turns, its frames, its tool run and its providers are counted by what the call did', async () => {
    const before = await counts();
    realtime.setScript({
      functionCall: { name: 'take_message', arguments: '{"caller_name":"Fiona","message":"Call me back"}' },
    });
    twilio.calls.callee = { audio: calleeAudio(), frameIntervalMs: 20, listensFirst: true };
    try {
      const sessions = realtime.sessions.length;
      const started = await phone.startCall({ to: CALLED, message: 'Ask how the delivery went' });
      expect(started.status).toBe(201);
      const session = await latestSession(sessions + 1);
      await waitFor(() => expect(session.speechStoppedAt.length).toBeGreaterThanOrEqual(1));
      await waitFor(() => expect(session.eventsOf('conversation.item.create').length).toBeGreaterThan(0));
      const call = twilio.calls.calls.at(-1);
      // The reply to the caller's turn reached Twilio: that turn has its latency.
      await waitFor(() =>
        expect(call?.stream?.media.at(-1)?.at ?? 0).toBeGreaterThan(session.speechStoppedAt[0] ?? Infinity),
      );
      await twilio.calls.hangUp(call?.sid ?? '');
      // The figures are recorded once the engine has ended (the call's end).
      await waitFor(async () => expect((await counts()).turns).toBeGreaterThan(before.turns));
      const after = await counts();
      const toolCalls = session
        .eventsOf('conversation.item.create')
        .filter(
          (event) => (event as unknown as { item?: { type?: string } }).item?.type === 'function_call_output',
        );
      expect(after.calls - before.calls).toBe(1);
      expect(after.turns - before.turns).toBe(session.speechStoppedAt.length);
      expect(after.tools - before.tools).toBe(toolCalls.length);
      expect(toolCalls.length).toBeGreaterThanOrEqual(1);
      // Every caller frame the engine got was timed: the callee's 2 s are 100 frames of 20 ms.
      expect(after.frames - before.frames).toBeGreaterThanOrEqual(50);
      // The realtime socket's handshake went to the OpenAI fake; the call was placed through Twilio's.
      expect(after.openai - before.openai).toBeGreaterThanOrEqual(1);
      expect(after.twilio - before.twilio).toBeGreaterThanOrEqual(1);
    } finally {
      realtime.setScript({ functionCall: undefined });
    }
  });
});

describe('HTTP metrics', () => {
  const requests = (route: string, status: string) =>
    metricValue(
      'annie_http_request_duration_seconds',
      { route, status },
      'annie_http_request_duration_seconds_count',
    );

  it('a 404 is counted under its route template, never the path', async () => {
    const before = await requests('/api/contacts/:id', '404');
    const id = randomUUID();
    expect((await client.get(`/api/contacts/${id}`)).status).toBe(404);
    expect((await requests('/api/contacts/:id', '404')) - before).toBe(1);
    expect(await registry.metrics()).not.toContain(id);
  });

  it('a 500 is counted under its route template', async () => {
    // The registry fails as a bug would (an unexpected throw in the handler): the error handler answers 500.
    const registry = app.deps.remotes;
    const forUser = registry.forUser;
    registry.forUser = () => Promise.reject(new Error('a bug'));
    try {
      const before = await requests('/api/remotes', '500');
      expect((await client.get('/api/remotes')).status).toBe(500);
      expect((await requests('/api/remotes', '500')) - before).toBe(1);
    } finally {
      registry.forUser = forUser;
    }
  });

  it('no label value is a phone number, a user id or an e-mail address over the whole output', async () => {
    const user = await app.createUser({ email: 'someone@example.test' });
    const signedIn = await app.signedIn(user);
    await signedIn.get('/api/auth/user');
    const text = await registry.metrics();
    const values = labelValues(text);
    expect(values.length).toBeGreaterThan(50);
    for (const value of values) {
      expect(value).not.toMatch(/^\+?\d{7,}$/);
      expect(value).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
      expect(value).not.toContain('@');
    }
    for (const secret of [CALLED, CALLED.slice(1), user.user.id, 'someone@example.test'])
      expect(text).not.toContain(secret);
  });
});
