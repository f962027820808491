import { callSessionListSchema } from '@annie/contracts/calls';
import { calleeAudio } from '@annie/fakes/mulaw';
import type { RealtimeFakeSession } from '@annie/fakes/openai-realtime-fake';
import type {
  RealtimeResponseUsage,
  RealtimeTranscriptionDuration,
} from '@annie/fakes/openai-realtime-usage';
import { describe, expect, it, vi } from 'vitest';
import { databaseNow } from '../../../../test/database-clock.ts';
import {
  publishedCostUsd,
  transcriptionSecondsSent,
  voiceTokensSent,
} from '../../../../test/published-prices.ts';
import { BUDGET_STOP_MESSAGE, recordUsageEntry } from '../../usage/index.ts';
import { ASSISTANT_UNAVAILABLE_SAY } from './phone-call.service.ts';
import { priceEndedCalls } from './phone-call-prices.ts';
import { phoneCallingOf } from './phone-calling.ts';
import { startPhoneHarness } from './testing/phone-test-harness.ts';

// The model "thinks" this long after each turn, so a latency is a figure to match, not a rounding error.
const THINK_MS = 150;
const phone = await startPhoneHarness({
  script: { userTranscripts: ['What is on today?', 'And tomorrow?'], responseDelayMs: THINK_MS },
});
const { twilio, realtime, client } = phone;
const waitFor = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 15_000, interval: 20 });

async function figuresOf(id: string) {
  const sessions = callSessionListSchema.parse((await client.get('/api/call-sessions')).body);
  return sessions.find((session) => session.id === id)?.figures ?? null;
}

describe('a phone call is measured by the server that bridges it', () => {
  it('records the latencies the fakes timed, the tokens OpenAI reported and their cost by the price table', async () => {
    // The callee speaks in real time (a turn a second), so each turn is answered before the next one ends.
    twilio.calls.callee = { audio: calleeAudio(), frameIntervalMs: 20, listensFirst: true };
    const before = realtime.sessions.length;
    const started = await phone.startCall({ to: '+14155553101', message: 'Check the diary' });
    expect(started.status).toBe(201);
    await waitFor(() => expect(realtime.sessions.length).toBe(before + 1));
    const session = realtime.sessions[before] as RealtimeFakeSession;
    const call = twilio.calls.calls.at(-1);
    // Both turns answered: greeting + two replies.
    await waitFor(() => expect(session.usage.responses).toHaveLength(3));
    await waitFor(() => expect(session.speechStoppedAt).toHaveLength(2));
    await waitFor(() =>
      expect(call?.stream?.media.at(-1)?.at ?? 0).toBeGreaterThan(session.speechStoppedAt[1] ?? Infinity),
    );
    await twilio.calls.hangUp(call?.sid ?? '');
    await waitFor(async () => expect(await figuresOf(started.body.id)).not.toBeNull());
    const figures = await figuresOf(started.body.id);

    // Latency as the fakes saw it: speech_stopped leaving OpenAI → the reply's first audio reaching Twilio.
    const media = call?.stream?.media ?? [];
    const timed = session.speechStoppedAt.map(
      (stopped) => (media.find((frame) => frame.at > stopped)?.at ?? 0) - stopped,
    );
    expect(timed.every((ms) => ms >= THINK_MS)).toBe(true);
    expect(figures?.latenciesMs).toHaveLength(2);
    // The server's clock starts when speech_stopped reaches it and stops when the audio leaves it: the
    // fakes' figure adds the two loopback hops, never less. The fakes share the app's event loop, so on
    // a loaded machine a hop can wait behind other work: a few ms usually, tens at worst.
    for (const [turn, ms] of timed.entries()) {
      const recorded = figures?.latenciesMs[turn] ?? 0;
      expect(recorded).toBeLessThanOrEqual(ms + 0.1);
      expect(ms - recorded).toBeLessThan(50);
    }
    expect(figures?.latency?.max).toBe(Math.round(Math.max(...(figures?.latenciesMs ?? []))));
    expect(figures?.source).toBe('server');

    // Tokens: the sum of every usage the fake sent.
    const voice = voiceTokensSent(session.usage.responses as RealtimeResponseUsage[]);
    expect(figures?.voiceTokens).toEqual({ model: 'gpt-realtime-2.1', ...voice });
    expect(voice.cachedText + voice.cachedAudio).toBeGreaterThan(0);
    // gpt-transcribe is billed by the minute: OpenAI reports seconds, not tokens.
    const seconds = transcriptionSecondsSent(session.usage.transcriptions as RealtimeTranscriptionDuration[]);
    expect(seconds).toBeGreaterThan(0);
    expect(figures?.transcription).toEqual({
      model: 'gpt-transcribe',
      inputText: 0,
      inputAudio: 0,
      output: 0,
      seconds,
    });

    // Cost: the published prices (USD per million tokens; gpt-transcribe $0.0045 a minute).
    const expected = publishedCostUsd(voice, seconds);
    expect(figures?.cost?.currency).toBe('USD');
    expect(figures?.cost?.amount).toBeCloseTo(expected, 6);
    expect(figures?.twilio?.minutes).toBe(1);
  });

  it("adds Twilio's price once Twilio reports it: null until then", async () => {
    const calling = phoneCallingOf(phone.app.config);
    // Earlier calls were priced at once: the sweep takes them first.
    await priceEndedCalls(phone.app.pool, calling);
    twilio.calls.priceDelayMs = 3_600_000;
    twilio.calls.callee = { audio: Buffer.alloc(0), frameIntervalMs: 0, hangUpAfterMs: 1_000 };
    const started = await phone.startCall({ to: '+14155553105', message: 'A short call' });
    expect(started.status).toBe(201);
    await waitFor(async () => expect(await figuresOf(started.body.id)).not.toBeNull());
    const before = await figuresOf(started.body.id);
    expect(before?.twilio).toEqual({ minutes: expect.any(Number), price: null, priceUnit: null });
    // Twilio has not priced it yet: the sweep leaves it waiting.
    expect(await priceEndedCalls(phone.app.pool, calling)).toBe(0);
    twilio.calls.settlePrices();
    const call = twilio.calls.calls.find((each) => each.to === '+14155553105');
    const reported = Number(call?.price);
    expect(reported).toBeLessThan(0);
    expect(await priceEndedCalls(phone.app.pool, calling)).toBe(1);
    const after = await figuresOf(started.body.id);
    expect(after?.twilio).toEqual({ minutes: before?.twilio?.minutes, price: reported, priceUnit: 'USD' });
    expect(after?.cost?.amount).toBeCloseTo((before?.cost?.amount ?? 0) - reported, 6);
    // Priced once: a second sweep finds nothing to do.
    expect(await priceEndedCalls(phone.app.pool, calling)).toBe(0);
    twilio.calls.priceDelayMs = 0;
  });

  it('a spent budget with the hard stop refuses new calls, and lets the call in progress end', async () => {
    twilio.calls.callee = { audio: calleeAudio(), frameIntervalMs: 20, listensFirst: true };
    const opened = realtime.sessions.length;
    const first = await phone.startCall({ to: '+14155553102', message: 'A long call' });
    expect(first.status).toBe(201);
    await waitFor(() => expect(realtime.sessions).toHaveLength(opened + 1));
    const inProgress = realtime.sessions.at(-1) as RealtimeFakeSession;
    // The month's spend reaches the budget while the call is on.
    await recordUsageEntry(phone.app.pool, 'default', {
      userId: null,
      channel: 'sms',
      kind: 'text',
      sourceId: 'budget-test',
      // This month as the spend query's now() counts it.
      at: await databaseNow(phone.app.pool),
      seconds: 0,
      segments: 1,
      tokens: 0,
      costUsd: 50,
    });
    const settings = { currency: 'USD', usdRate: 1, monthlyBudget: 40, hardStop: true, prices: {} };
    expect((await client.put('/api/usage/settings', settings)).status).toBe(200);

    const refused = await phone.startCall({ to: '+14155553103', message: 'Another call' });
    expect([refused.status, refused.body.message]).toEqual([402, BUDGET_STOP_MESSAGE]);
    expect(twilio.calls.calls.some((call) => call.to === '+14155553103')).toBe(false);
    // A caller ringing in hears the apology; no realtime session is opened for them.
    const { reply } = await phone.ringApp('+14155553104');
    expect(reply.text).toContain(ASSISTANT_UNAVAILABLE_SAY);

    // The call in progress goes on to its natural end, and is measured like any other.
    expect(inProgress.closed).toBe(false);
    const call = twilio.calls.calls.find((each) => each.to === '+14155553102');
    await waitFor(() => expect(inProgress.speechStoppedAt).toHaveLength(2));
    await waitFor(() =>
      expect(call?.stream?.media.at(-1)?.at ?? 0).toBeGreaterThan(inProgress.speechStoppedAt[1] ?? Infinity),
    );
    await twilio.calls.hangUp(call?.sid ?? '');
    await waitFor(async () => expect((await figuresOf(first.body.id))?.latenciesMs).toHaveLength(2));
    expect(realtime.sessions.at(-1)).toBe(inProgress);
    await client.put('/api/usage/settings', { ...settings, hardStop: false });
  });
});
