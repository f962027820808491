import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callSessionListSchema } from '@annie/contracts/calls';
import { THIRD_PARTY_CONTENT_TAG } from '@annie/contracts/trust';
import { calleeAudio, spokenBytes } from '@annie/fakes/mulaw';
import { type LiveFakeSession, type LiveFakeTurn, startOpenAILiveFake } from '@annie/fakes/openai-live-fake';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../../../test/test-client.ts';
import { PASSCODE_ACCEPTED_NOTE } from '../../../trust/party-brief.ts';
import { FRONT_DESK, ownerCalls, PASSCODE, waitFor } from '../../phone-calls/testing/phone-owner-calls.ts';
import { startPhoneHarness } from '../../phone-calls/testing/phone-test-harness.ts';
import { GREETING_NOTE } from './live-bridge.ts';

// A phone call on GPT-Live, end to end: Twilio's fake places the call into the app's media stream, the
// app opens the Live fake with the official SDK, and the fake plays the model in real time.
const THINK_MS = 120;
const live = await startOpenAILiveFake({
  apiKey: 'sk-phone-test',
  script: {
    // GPT-Live hears speech, not the line's silence: a turn is the fixture's spoken frames.
    bytesPerUserTurn: spokenBytes(calleeAudio()),
    msPerWord: 60,
    responseDelayMs: THINK_MS,
    usageEveryMs: 250,
  },
});
afterAll(() => live.close());
const caFile = join(await mkdtemp(join(tmpdir(), 'annie-live-')), 'live-ca.pem');
await writeFile(caFile, live.ca);
const phone = await startPhoneHarness({
  env: { OPENAI_LIVE_BASE_URL: live.baseURL, OPENAI_LIVE_CA_FILE: caFile },
});
const { twilio, app, client } = phone;
const { executiveWithNumber } = ownerCalls(phone);

// Every test: the app sent GPT-Live nothing it refuses.
afterEach(() => {
  const refused = live.sessions.flatMap((session) =>
    session.errorsSent.map((error) => `${error.code}: ${error.message}`),
  );
  expect(refused, 'client events the Live fake refused').toEqual([]);
});

// The tenant's default profile runs on GPT-Live; a quick tool needs no "one moment".
const profile = await client.post('/api/voice/profiles', {
  name: 'Live desk',
  isDefault: true,
  engine: 'live',
  live: { model: 'gpt-live-1.1', voice: 'marin', backendModel: 'gpt-6-luna', acknowledgementDelayMs: 3000 },
});
expect(profile.status).toBe(201);

type StartEvent = {
  session: Record<string, unknown> & {
    delegation: { responses: { tools: { name: string }[]; instructions: string } };
  };
};
type UpdateEvent = {
  session: { delegation: { responses: { tools?: { name: string }[]; instructions?: string } } };
};
const startOf = (session: LiveFakeSession) => session.eventsOf('session.start')[0] as unknown as StartEvent;
const toolsAt = (tools: { name: string }[] | undefined) => tools?.map((tool) => tool.name).sort();
const spoken = (session: LiveFakeSession) =>
  session.sent
    .filter((event) => event.type === 'session.output_transcript.delta')
    .map((event) => String(event.delta))
    .join('');
const outputsOf = (session: LiveFakeSession) =>
  session
    .eventsOf('response.item.create')
    .map((event) => event.item as { type: string; output: string })
    .map((item) => JSON.parse(item.output) as Record<string, unknown>);

/** Rings the business number from `from` and waits for the Live session the app started, and its greeting. */
async function ring(from: string, turns: LiveFakeTurn[], commentaryReply = 'Thank you.') {
  live.setScript({ userTurns: turns, commentaryReply });
  twilio.calls.callee = { audio: Buffer.alloc(0), frameIntervalMs: 0 };
  const count = live.sessions.length;
  const { sid } = await phone.ringApp(from);
  await waitFor(() => expect(live.sessions.length).toBe(count + 1));
  const session = live.sessions[count] as LiveFakeSession;
  await waitFor(() => expect(spoken(session)).toContain('this is James.'));
  return { sid, session };
}

/** The caller says one turn (the 2 s callee fixture) once the assistant has finished what it was saying. */
async function say(sid: string, session: LiveFakeSession, after: string) {
  await waitFor(() => expect(spoken(session)).toContain(after));
  await new Promise((done) => setTimeout(done, 300));
  await twilio.calls.say(sid, calleeAudio());
}

async function callOf(owner: TestClient, sid: string) {
  const { rows } = await app.pool.query<{ call_session_id: string }>(
    'select call_session_id from phone_call where twilio_call_sid = $1',
    [sid],
  );
  const id = rows[0]?.call_session_id;
  const sessions = callSessionListSchema.parse((await owner.get('/api/call-sessions')).body);
  return sessions.find((each) => each.id === id);
}

describe('a phone call on GPT-Live', () => {
  it('starts the session in μ-law, greets by commentary, gives a stranger the front desk only, and ends after the goodbye', async () => {
    const { sid, session } = await ring('+14155558801', [
      {
        transcript: 'Please tell her Sam called about the lease.',
        functionCall: {
          name: 'take_message',
          arguments: JSON.stringify({ caller_name: 'Sam', message: 'About the lease' }),
        },
        replyAfterTool: (output) =>
          JSON.parse(output).error ? 'That did not work.' : 'I have passed that on.',
      },
      {
        transcript: 'Thanks, goodbye.',
        functionCall: { name: 'end_call', arguments: '{}' },
        replyAfterTool: 'Goodbye, Sam.',
      },
    ]);
    const start = startOf(session).session;
    expect(start).toMatchObject({
      model: 'gpt-live-1.1',
      audio: { format: { type: 'audio/pcmu', rate: 8000 }, output: { voice: 'marin' } },
      delegation: { type: 'responses', acknowledgement_delay_ms: 3000, responses: { model: 'gpt-6-luna' } },
    });
    expect(String(start.instructions)).toContain('Backchannel policy:');
    expect(toolsAt(start.delegation.responses.tools)).toEqual([...FRONT_DESK].sort());
    expect(session.eventsOf('session.commentary.append')[0]).toMatchObject({
      content: GREETING_NOTE,
      delegation_id: null,
    });

    await say(sid, session, 'this is James.');
    await waitFor(() => expect(spoken(session)).toContain('I have passed that on.'));
    await say(sid, session, 'I have passed that on.');
    // end_call: the goodbye is spoken, then the app hangs up (Twilio's mark echoed after it played).
    const call = await twilio.calls.ended(sid);
    expect(spoken(session)).toContain('Goodbye, Sam.');
    expect(call?.stream?.echoedMarks).toEqual(['end_call']);
    await waitFor(() => expect(session.closedReason).toBe('close_requested'));
    expect(outputsOf(session)).toEqual([
      expect.objectContaining({ success: true }),
      expect.objectContaining({ success: true }),
    ]);
    // Twilio's μ-law went to GPT-Live as it came, and GPT-Live's back to Twilio.
    expect(session.eventsOf('session.input_audio.append').length).toBeGreaterThan(0);
    const sentBytes = session
      .eventsOf('session.input_audio.append')
      .reduce((sum, event) => sum + Buffer.from(String(event.audio), 'base64').length, 0);
    expect(sentBytes).toBe(2 * calleeAudio().length);
    expect(session.eventsOf('session.close')).toHaveLength(1);
  });

  it('answers the proven owner through their own tools, stores the transcript in spoken order, and records the figures', async () => {
    const number = '+14155558802';
    const { client: owner } = await executiveWithNumber(number);
    await owner.post('/api/knowledge/facts', { key: 'gate_day', value: 'Gate opens on Friday mornings' });
    const { sid, session } = await ring(
      number,
      [
        {
          transcript: 'When does the gate open?',
          functionCall: { name: 'search_knowledge_base', arguments: JSON.stringify({ query: 'gate' }) },
          replyAfterTool: (output) =>
            output.includes('Friday mornings')
              ? 'The gate opens on Friday mornings.'
              : 'I could not find that.',
        },
        {
          transcript: 'Lovely, goodbye.',
          functionCall: { name: 'end_call', arguments: '{}' },
          replyAfterTool: 'Goodbye.',
        },
      ],
      'Thank you, you are verified.',
    );
    expect(toolsAt(startOf(session).session.delegation.responses.tools)).toEqual([...FRONT_DESK].sort());
    twilio.calls.pressKeys(sid, `${PASSCODE}#`);
    // Proven mid-call: the backend's prompt and tools change; the voice prompt cannot, and need not.
    await waitFor(() => expect(session.eventsOf('session.update')).toHaveLength(1));
    const update = session.eventsOf('session.update')[0] as unknown as UpdateEvent;
    const ownerTools = toolsAt(update.session.delegation.responses.tools) ?? [];
    expect(ownerTools).toContain('search_knowledge_base');
    expect(ownerTools.length).toBeGreaterThan(FRONT_DESK.length);
    await waitFor(() =>
      expect(session.eventsOf('session.commentary.append').map((event) => event.content)).toContain(
        PASSCODE_ACCEPTED_NOTE,
      ),
    );

    await say(sid, session, 'you are verified.');
    await waitFor(() => expect(spoken(session)).toContain('The gate opens on Friday mornings.'));
    const [answer] = outputsOf(session) as [Record<string, { source: string }>];
    expect(answer[THIRD_PARTY_CONTENT_TAG]?.source).toBe('search_knowledge_base');
    await say(sid, session, 'Friday mornings.');
    await twilio.calls.ended(sid);
    await waitFor(async () => expect((await callOf(owner, sid))?.figures).toBeTruthy());
    const stored = await callOf(owner, sid);

    // Spoken order: greeting, the answer to the proof, the question, the answer, the goodbye.
    expect(stored?.transcript.map((line) => [line.role, line.content])).toEqual([
      ['assistant', 'Good afternoon, this is James. Thank you, you are verified.'],
      ['user', 'When does the gate open?'],
      ['assistant', 'The gate opens on Friday mornings.'],
      ['user', 'Lovely, goodbye.'],
      ['assistant', 'Goodbye.'],
    ]);

    const figures = stored?.figures;
    expect(figures?.tools.map((tool) => [tool.name, tool.outcome])).toEqual([
      ['search_knowledge_base', 'ok'],
      ['end_call', 'ok'],
    ]);
    // Per turn: end of the caller's last fragment → the reply's first, on the session timeline.
    expect(figures?.latenciesMs).toHaveLength(2);
    for (const ms of figures?.latenciesMs ?? []) expect(ms).toBeGreaterThanOrEqual(THINK_MS);
    expect(figures?.voiceTokens).toBeNull();
    const usage = figures?.live;
    expect(usage?.model).toBe('gpt-live-1.1');
    expect(usage?.seconds).toBeGreaterThan(1);
    expect(usage?.seconds).toBeLessThanOrEqual(session.usageSeconds);
    // Four delegated responses (two tool calls, two answers), as the fake reported them.
    expect(usage?.backendTokens).toEqual({
      input: 4 * 1200,
      cached: 4 * 800,
      output: 4 * 60,
      reasoning: 4 * 20,
    });
    // $0.05 a minute of voice; gpt-6-luna $0.10 / $0.01 cached / $0.50 per million tokens.
    const backendUsd = (4 * (1200 - 800) * 0.1 + 4 * 800 * 0.01 + 4 * 60 * 0.5) / 1e6;
    expect(figures?.cost?.amount).toBeCloseTo(((usage?.seconds ?? 0) / 60) * 0.05 + backendUsd, 6);
  });
});
