import { callSessionListSchema } from '@annie/contracts/calls';
import { calleeAudio } from '@annie/fakes/mulaw';
import type { RealtimeFakeSession } from '@annie/fakes/openai-realtime-fake';
import { describe, expect, it, vi } from 'vitest';
import { startPhoneHarness } from './testing/phone-test-harness.ts';

// A reply's latency runs from the end of the caller's turn (speech_stopped), not from its start: the
// caller's turns last a while, so the two events are far apart and the figures tell them apart.
const THINK_MS = 150;
const SPEECH_MS = 450;
const phone = await startPhoneHarness({
  script: {
    userTranscripts: ['Who is calling?', 'Thank you.'],
    userSpeechMs: SPEECH_MS,
    responseDelayMs: THINK_MS,
  },
});
const { twilio, realtime, client } = phone;
const waitFor = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 15_000, interval: 20 });

async function latenciesOf(id: string): Promise<number[] | undefined> {
  const sessions = callSessionListSchema.parse((await client.get('/api/call-sessions')).body);
  return sessions.find((session) => session.id === id)?.figures?.latenciesMs;
}

describe('the latency of a phone call’s replies', () => {
  it('is measured from the end of each caller turn, which lasts a real while after it starts', async () => {
    twilio.calls.callee = { audio: calleeAudio(), frameIntervalMs: 20, listensFirst: true };
    const before = realtime.sessions.length;
    const started = await phone.startCall({ to: '+14155553201', message: 'Ask who is calling' });
    expect(started.status).toBe(201);
    await waitFor(() => expect(realtime.sessions.length).toBe(before + 1));
    const session = realtime.sessions[before] as RealtimeFakeSession;
    const call = twilio.calls.calls.at(-1);
    await waitFor(() => expect(session.speechStoppedAt).toHaveLength(2));
    await waitFor(() =>
      expect(call?.stream?.media.at(-1)?.at ?? 0).toBeGreaterThan(session.speechStoppedAt[1] ?? Infinity),
    );
    await twilio.calls.hangUp(call?.sid ?? '');
    await waitFor(async () => expect(await latenciesOf(started.body.id)).toHaveLength(2));
    const recorded = (await latenciesOf(started.body.id)) ?? [];

    const media = call?.stream?.media ?? [];
    for (const [turn, stopped] of session.speechStoppedAt.entries()) {
      const speaking = stopped - (session.speechStartedAt[turn] ?? stopped);
      // The turn lasts far longer than the model's thinking.
      expect(speaking).toBeGreaterThanOrEqual(SPEECH_MS - 5);
      const firstAudio = media.find((frame) => frame.at > stopped)?.at ?? 0;
      const fromTurnEnd = firstAudio - stopped;
      // What the server recorded fits the wait after the turn ended, and nothing of the turn itself.
      expect(recorded[turn]).toBeGreaterThanOrEqual(THINK_MS - 5);
      expect(recorded[turn]).toBeLessThanOrEqual(fromTurnEnd + 0.1);
      expect(recorded[turn]).toBeLessThan(fromTurnEnd + speaking / 2);
    }
  });
});
