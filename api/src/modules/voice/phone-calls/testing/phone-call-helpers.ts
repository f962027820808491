import { calleeAudio } from '@annie/fakes/mulaw';
import type { RealtimeFakeSession } from '@annie/fakes/openai-realtime-fake';
import { expect, vi } from 'vitest';
import type { startPhoneHarness } from './phone-test-harness.ts';

type Instructions = { session: { instructions: string } };

/** What the phone call tests do with a harness: script the callee, wait, and read the realtime sessions. */
export function phoneCallHelpers({ twilio, realtime }: Awaited<ReturnType<typeof startPhoneHarness>>) {
  // The callee's audio goes out all at once; one that `listensFirst` holds it until the greeting has played.
  const callee = (hangUpAfterMs: number | undefined, audio = calleeAudio(), listensFirst = false) => {
    twilio.calls.callee = { audio, frameIntervalMs: 0, hangUpAfterMs, listensFirst };
  };

  // Polls until the condition holds; vi.waitFor's 1 s default is too short for a call on two loaded cores.
  const waitFor = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 10_000, interval: 20 });

  /** The realtime session the app opened for the latest call (once it has configured it). */
  async function latestSession(count: number): Promise<RealtimeFakeSession> {
    await waitFor(() => expect(realtime.sessions.length).toBe(count));
    const session = realtime.sessions[count - 1] as RealtimeFakeSession;
    await waitFor(() => expect(session.eventsOf('session.update')).toHaveLength(1));
    return session;
  }

  const instructionsOf = (session: RealtimeFakeSession) =>
    (session.eventsOf('session.update')[0] as unknown as Instructions).session.instructions;

  return { callee, waitFor, latestSession, instructionsOf };
}
